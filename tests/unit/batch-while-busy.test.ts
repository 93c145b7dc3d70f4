// Group commit (decision 0081): the items asked for within one turn of the event loop (or within gatherMs) go
// together; those asked for while a batch is under way go together after it, in their order; a failed batch
// fails only its callers.
import { describe, expect, it, vi } from 'vitest';
import { batchWhileBusy } from '@/server/batch-while-busy';

/** A `run` whose batches the test answers by hand, one at a time. */
function heldRun() {
  const batches: { items: number[]; answer: (results: string[]) => void; fail: (error: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ items, answer: resolve, fail: reject });
    });
  return { run, batches };
}

/** Lets the event loop turn: the batches due are sent. */
const settle = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

describe('batchWhileBusy', () => {
  it('sends the items of one turn together, and those that came while it was under way together after it, in order', async () => {
    const { run, batches } = heldRun();
    const call = batchWhileBusy(run);
    const first = call(1);
    const alsoFirst = call(10);
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 10]]);
    const later = [call(2), call(3), call(4)];
    await settle();
    expect(batches).toHaveLength(1);
    batches[0]!.answer(['one', 'ten']);
    expect([await first, await alsoFirst]).toEqual(['one', 'ten']);
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 10], [2, 3, 4]]);
    batches[1]!.answer(['two', 'three', 'four']);
    expect(await Promise.all(later)).toEqual(['two', 'three', 'four']);
  });

  it('waits gatherMs from the first item for others when asked to, and sends those that came together', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const { run, batches } = heldRun();
      const call = batchWhileBusy(run, { gatherMs: 50 });
      const first = call(1);
      vi.advanceTimersByTime(30);
      const second = call(2);
      await settle();
      expect(batches).toHaveLength(0);
      vi.advanceTimersByTime(20);
      await settle();
      expect(batches.map((b) => b.items)).toEqual([[1, 2]]);
      batches[0]!.answer(['one', 'two']);
      expect(await Promise.all([first, second])).toEqual(['one', 'two']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps as many batches under way as it is allowed, and no batch larger than its limit', async () => {
    const { run, batches } = heldRun();
    const call = batchWhileBusy(run, { inFlight: 2, maxItems: 2 });
    const calls = [1, 2, 3, 4, 5].map((n) => call(n));
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2], [3, 4]]);
    batches[0]!.answer(['a', 'b']);
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2], [3, 4], [5]]);
    const more = call(6);
    await settle();
    expect(batches).toHaveLength(3);
    batches[1]!.answer(['c', 'd']);
    batches[2]!.answer(['e']);
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1, 2], [3, 4], [5], [6]]);
    batches[3]!.answer(['f']);
    expect(await Promise.all([...calls, more])).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('fails the callers of a failed batch with its error, and serves the next batch as usual', async () => {
    const { run, batches } = heldRun();
    const call = batchWhileBusy(run);
    const first = call(1);
    await settle();
    const second = call(2);
    batches[0]!.fail(new Error('connection refused'));
    await expect(first).rejects.toThrow('connection refused');
    await settle();
    batches[1]!.answer(['two']);
    expect(await second).toBe('two');
  });

  it('fails a batch answered with the wrong number of results, rather than answering anyone wrongly', async () => {
    const call = batchWhileBusy(async (items: number[]) => items.slice(1).map(String));
    await expect(call(1)).rejects.toThrow('a batch of 1 was answered with 0 results');
  });

  it('fails the callers of a batch whose run throws at once', async () => {
    const call = batchWhileBusy((): Promise<string[]> => {
      throw new Error('bad statement');
    });
    await expect(call(1)).rejects.toThrow('bad statement');
  });
});
