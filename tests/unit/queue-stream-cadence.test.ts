// How often the waiting room's stream writes to a buyer (decision 0075): as often as an ask would be due near
// the front, a tenth of the wait further back, and never silent longer than a balancer allows.
import { describe, expect, it } from 'vitest';
import { nextWriteInMs, STREAM_IDLE_MS } from '@/modules/onsale/queue-stream';

describe('nextWriteInMs', () => {
  it('writes to the next in line when an ask would be due', () => {
    expect(nextWriteInMs({ pollAfterMs: 2_100, estimatedWaitSeconds: 1 })).toBe(2_100);
  });

  it('writes to a buyer further back after a tenth of their wait', () => {
    expect(nextWriteInMs({ pollAfterMs: 2_000, estimatedWaitSeconds: 100 })).toBe(10_000);
  });

  it('never leaves a stream silent longer than STREAM_IDLE_MS, however long the wait or the ask\'s delay', () => {
    expect(STREAM_IDLE_MS).toBe(30_000);
    expect(nextWriteInMs({ pollAfterMs: 15_000, estimatedWaitSeconds: 1_800 })).toBe(30_000);
    expect(nextWriteInMs({ pollAfterMs: 60_000, estimatedWaitSeconds: 3_000 })).toBe(30_000);
  });

  it('writes to the pre-queue as its asks would be due (no wait is estimated before the draw)', () => {
    expect(nextWriteInMs({ pollAfterMs: 7_500, estimatedWaitSeconds: null })).toBe(7_500);
  });
});
