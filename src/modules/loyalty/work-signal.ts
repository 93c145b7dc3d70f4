// Recording an event that earns tokens wakes the worker that issues them, without the use case knowing
// who listens: the composition root subscribes the worker (src/wiring/loyalty-worker.ts).
type Listener = (dueAt: Date) => void;

// One registry per process, on globalThis: Next.js bundles the start-up code (where the worker
// subscribes) apart from the API routes (where events are recorded), each with its own module copies.
const holder = globalThis as typeof globalThis & { __skypassLoyaltyListeners?: Set<Listener> };
const listeners = (holder.__skypassLoyaltyListeners ??= new Set<Listener>());

/** Subscribes to new work; answers the unsubscribe. */
export function onLoyaltyWork(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** New work is due at `dueAt` (now, or later for a token held back). */
export function signalLoyaltyWork(dueAt: Date = new Date()): void {
  for (const listener of listeners) listener(dueAt);
}
