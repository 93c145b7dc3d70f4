// The waiting room's join stream read from a fetch body (decision 0075): events split anywhere across chunks,
// what is not data skipped, reading stopped when the page says so, and a cut stream ending the read quietly.
import { describe, expect, it } from 'vitest';
import { readEventStream } from '@/client/onsale/read-event-stream';

/** A body that hands over `chunks` one read at a time, then ends (or is cut). */
function body(chunks: Uint8Array[], { cut = false } = {}): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]!);
      else if (cut) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readEventStream', () => {
  it('hands over each event whole, however the bytes were cut, and skips what is not data', async () => {
    const all = bytes('retry: 3000\n\ndata: {"phase":"waiting","position":12}\n\n: a comment\n\ndata: {"phase":"waiting","note":"日本"}\n\n');
    // Cut inside the first event and inside the three bytes of 日.
    const inKanji = all.indexOf(0xe6) + 1;
    const seen: string[] = [];
    await readEventStream(body([all.slice(0, 20), all.slice(20, inKanji), all.slice(inKanji)]), (data) => void seen.push(data));
    expect(seen.map((d) => JSON.parse(d))).toEqual([
      { phase: 'waiting', position: 12 },
      { phase: 'waiting', note: '日本' },
    ]);
  });

  it('stops reading once the page has heard enough', async () => {
    const seen: string[] = [];
    await readEventStream(body([bytes('data: 1\n\ndata: 2\n\ndata: 3\n\n')]), (data) => {
      seen.push(data);
      return data === '2' ? 'stop' : undefined;
    });
    expect(seen).toEqual(['1', '2']);
  });

  it('resolves with what was read when the stream is cut, the half-sent event dropped', async () => {
    const seen: string[] = [];
    await expect(readEventStream(body([bytes('data: 1\n\ndata: 2')], { cut: true }), (data) => void seen.push(data))).resolves.toBeUndefined();
    expect(seen).toEqual(['1']);
  });
});
