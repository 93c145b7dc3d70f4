// The short memory availability reads and the product list share: one read per key and time to live,
// shared by calls that miss together; a failed read is not kept; a write's forget drops a running read.
import { describe, expect, it } from 'vitest';
import { PromiseMemory } from '@/universal/promise-memory';

function countingRead<T>(answer: T) {
  const read = async (): Promise<T> => {
    read.calls++;
    return answer;
  };
  read.calls = 0;
  return read;
}

describe('PromiseMemory', () => {
  it('reads once within the time to live, counted from when the read began, and again after it', async () => {
    const memory = new PromiseMemory<string>(2_000);
    const read = countingRead('open');
    expect(await memory.get('day', read, 1_000)).toBe('open');
    expect(await memory.get('day', read, 2_999)).toBe('open');
    expect(read.calls).toBe(1);
    expect(memory.peek('day', 3_000)).toBeUndefined();
    await memory.get('day', read, 3_000);
    expect(read.calls).toBe(2);
  });

  it('shares one read among calls that miss at the same moment', async () => {
    const memory = new PromiseMemory<number>(2_000);
    let release!: (n: number) => void;
    let calls = 0;
    const read = () => {
      calls++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const waiting = Array.from({ length: 50 }, () => memory.get('day', read, 10));
    release(7);
    expect(await Promise.all(waiting)).toEqual(Array(50).fill(7));
    expect(calls).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const memory = new PromiseMemory<string>(2_000);
    await expect(memory.get('day', () => Promise.reject(new Error('connection lost')), 20)).rejects.toThrow('connection lost');
    const read = countingRead('open');
    expect(await memory.get('day', read, 21)).toBe('open');
    expect(read.calls).toBe(1);
  });

  it('forgets a key, also while its read is still running: the next call reads again', async () => {
    const memory = new PromiseMemory<string>(2_000);
    let release!: (s: string) => void;
    const before = memory.get('day', () => new Promise<string>((resolve) => (release = resolve)), 30);
    memory.forget('day');
    const after = countingRead('sold out');
    expect(await memory.get('day', after, 31)).toBe('sold out');
    release('open');
    expect(await before).toBe('open');
    expect(await memory.get('day', after, 32)).toBe('sold out');
    expect(after.calls).toBe(1);
  });

  it('keeps a key apart from the others', async () => {
    const memory = new PromiseMemory<string>(2_000);
    await memory.get('en', countingRead('Main Deck'), 40);
    expect(await memory.get('de', countingRead('Hauptdeck'), 41)).toBe('Hauptdeck');
    expect(await memory.peek('en', 42)).toBe('Main Deck');
  });
});
