// A wake-up call inside one server process: use cases signal that something happened (a job enqueued, the
// calendar changed), and whoever the composition root subscribed listens, without either knowing the other.
// The listeners live in processGlobal: the start-up code (where the job runner subscribes) and the API
// routes (where the work comes from) are bundled apart.
import { processGlobal } from './process-global';

type Listener<A extends unknown[]> = (...args: A) => void;

export type ProcessSignal<A extends unknown[]> = {
  /** Subscribes; answers the unsubscribe. */
  on(listener: Listener<A>): () => void;
  signal(...args: A): void;
};

export function processSignal<A extends unknown[] = []>(name: string): ProcessSignal<A> {
  const set = processGlobal(`signal:${name}`, () => new Set<Listener<A>>());
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
