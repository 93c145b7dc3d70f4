// Recording an event that earns tokens wakes the worker that issues them, without the use case knowing
// who listens: the composition root subscribes the worker (src/wiring/loyalty-worker.ts).
import { processSignal } from '@/universal/process-signal';

const loyaltyWork = processSignal<[dueAt: Date]>('loyalty-work');

export const onLoyaltyWork = loyaltyWork.on;
/** New work is due at `dueAt` (now, or later for a token held back). */
export const signalLoyaltyWork = (dueAt: Date = new Date()): void => loyaltyWork.signal(dueAt);
