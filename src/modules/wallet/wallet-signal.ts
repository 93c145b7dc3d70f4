// A change or a cancellation that queued wallet pushes wakes the wallet worker (src/wiring/wallet-worker.ts).
import { processSignal } from '@/universal/process-signal';

const walletWork = processSignal('wallet-work');

export const onWalletWork = walletWork.on;
export const signalWalletWork = (): void => walletWork.signal();
