// One promise raced against a deadline: the health check's database probe and the on-sale queue's store both
// ask "did it answer in time?" with this. The work itself is left to finish or fail on its own (its late
// failure is nobody's: the race has already attached its handler).

export class TimedOut extends Error {}

/** `work`, or a TimedOut after `ms`. */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
