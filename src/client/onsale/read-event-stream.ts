// A server-sent event stream read from a fetch answer's body, for a stream EventSource cannot open: the waiting
// room's join, which is a POST (decision 0075). Events end with a blank line, lines with \n (as our server writes them).

/** Calls `onData` with each event's data, in order, until the stream ends, is cut or `onData` answers 'stop';
 * resolves then (never rejects: a cut stream is the caller's to open again). */
export async function readEventStream(body: ReadableStream<Uint8Array>, onData: (data: string) => 'stop' | void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
        const event = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
          .join('\n');
        if (data && onData(data) === 'stop') return;
      }
    }
  } catch {
    // Cut (the network, the page leaving): what was read stands.
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}
