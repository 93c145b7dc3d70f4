// Places freed (a cancellation, a capacity raised, a day reopened, a waitlist offer left) wake the worker
// that offers them, without the use case knowing who listens: src/wiring/waitlist-worker.ts subscribes.
// The worker also runs every few seconds, which covers holds that simply run out and other servers.
import { processSignal } from '@/universal/process-signal';

const placesFreed = processSignal('places-freed');

export const onPlacesFreed = placesFreed.on;
export const signalPlacesFreed = (): void => placesFreed.signal();
