// A wake-up call inside one server process: use cases signal that work is waiting, and the worker the
// composition root started listens, without either knowing the other.
// The registry lives on globalThis: Next.js bundles the start-up code (where workers subscribe) apart
// from the API routes (where the work comes from), each with its own copies of the modules.
type Listener<A extends unknown[]> = (...args: A) => void;

export type ProcessSignal<A extends unknown[]> = {
  /** Subscribes; answers the unsubscribe. */
  on(listener: Listener<A>): () => void;
  signal(...args: A): void;
};

export function processSignal<A extends unknown[] = []>(name: string): ProcessSignal<A> {
  const holder = globalThis as typeof globalThis & { __skypassSignals?: Map<string, Set<Listener<never[]>>> };
  const registry = (holder.__skypassSignals ??= new Map());
  let listeners = registry.get(name) as Set<Listener<A>> | undefined;
  if (!listeners) registry.set(name, (listeners = new Set<Listener<A>>()) as unknown as Set<Listener<never[]>>);
  const set = listeners;
  return {
    on(listener) {
      set.add(listener);
      return () => set.delete(listener);
    },
    signal(...args) {
      for (const listener of set) listener(...args);
    },
  };
}
