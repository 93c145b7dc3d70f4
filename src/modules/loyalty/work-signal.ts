// Recording an event that earns tokens wakes the worker that issues them, without the use case knowing
// who listens: the composition root subscribes the worker (src/wiring/loyalty-worker.ts).
type Listener = (dueAt: Date) => void;

const listeners = new Set<Listener>();

/** Subscribes to new work; answers the unsubscribe. */
export function onLoyaltyWork(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** New work is due at `dueAt` (now, or later for a token held back). */
export function signalLoyaltyWork(dueAt: Date = new Date()): void {
  for (const listener of listeners) listener(dueAt);
}
