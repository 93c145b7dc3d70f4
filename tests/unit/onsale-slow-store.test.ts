// The queue's store that is slow is not down (decision 0056, "Slow is not down"): the errors of an overloaded
// store count as slow (busy, nobody through), others as down (fail-open); a busy answer is asked again less
// often each time.
import { describe, expect, it } from 'vitest';
import { isOverloaded } from '@/modules/onsale/fail-open';
import { QUEUE_POLL_MAX_MS, QUEUE_POLL_MIN_MS, queuePollDelay } from '@/universal/queue-poll';

describe('a slow queue store', () => {
  it('counts the errors of an overloaded store as slow, and others as down', () => {
    const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('driver'), { code }) });
    for (const code of ['57014', '55P03', '40P01', '40001', '53300']) expect(isOverloaded(wrapped(code)), code).toBe(true);
    expect(isOverloaded(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isOverloaded(wrapped('ECONNREFUSED'))).toBe(false);
    expect(isOverloaded(new Error('PGlite is closed'))).toBe(false);
    expect(isOverloaded(new Error('Cannot use a pool after calling end on the pool'))).toBe(false);
  });

  it('asks again after a busy answer, less often each time, at most every 15 s', () => {
    const busy = { phase: 'busy' };
    expect([1, 2, 3, 4, 10].map((streak) => queuePollDelay(busy, 0, streak))).toEqual([2 * QUEUE_POLL_MIN_MS, 4 * QUEUE_POLL_MIN_MS, QUEUE_POLL_MAX_MS, QUEUE_POLL_MAX_MS, QUEUE_POLL_MAX_MS]);
    expect(queuePollDelay(busy)).toBe(2 * QUEUE_POLL_MIN_MS);
    expect(queuePollDelay({ phase: 'waiting', estimatedWaitSeconds: 0 }, 0, 5)).toBe(QUEUE_POLL_MIN_MS);
  });
});
