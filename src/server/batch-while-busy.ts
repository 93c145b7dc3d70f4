// Group commit for work that takes many items at once (decision 0081). The items asked for within one turn of the
// event loop go together, once the turn's callbacks have run (setImmediate), or, for a caller that can wait
// `gatherMs`, those asked for within that time; those asked for while a batch is under way go in the next, after
// it. A quiet server sends each item alone, a turn (or gatherMs) later; a busy one makes one statement of many
// callers. The slower the store answers, the larger each batch and the fewer the statements.
export type BatchOptions = {
  /** Batches under way at once (1: the next waits for the last). */
  inFlight?: number;
  /** The most items in one batch; the rest go in the next. */
  maxItems?: number;
  /** How long the first item of a batch waits for others (0: to the end of the event loop's turn). */
  gatherMs?: number;
};

type Waiting<T, R> = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };

/** A function of one item whose calls are served by `run` in batches; `run` answers one result per item, in the
 * items' order. A batch that fails fails each of its callers with its error. */
export function batchWhileBusy<T, R>(run: (items: T[]) => Promise<R[]>, { inFlight = 1, maxItems = 500, gatherMs = 0 }: BatchOptions = {}): (item: T) => Promise<R> {
  const waiting: Waiting<T, R>[] = [];
  let underWay = 0;
  let flushing = false;

  /** Sends what waits once this turn's callbacks have all had their say (or gatherMs has passed). */
  function flushAfterThisTurn(): void {
    if (flushing) return;
    flushing = true;
    const flush = () => {
      flushing = false;
      send();
    };
    if (gatherMs > 0) setTimeout(flush, gatherMs);
    else setImmediate(flush);
  }

  function send(): void {
    while (underWay < inFlight && waiting.length > 0) {
      underWay += 1;
      const batch = waiting.splice(0, maxItems);
      Promise.resolve()
        .then(() => run(batch.map((w) => w.item)))
        .then((results) => {
          if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} was answered with ${results.length} results`);
          batch.forEach((w, i) => w.resolve(results[i]!));
        })
        .catch((error: unknown) => batch.forEach((w) => w.reject(error)))
        .finally(() => {
          underWay -= 1;
          if (waiting.length > 0) flushAfterThisTurn();
        });
    }
  }

  return (item: T) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (underWay < inFlight) flushAfterThisTurn();
    });
}
