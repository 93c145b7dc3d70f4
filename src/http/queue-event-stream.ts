// The waiting room's pushed answers as server-sent events (decision 0073), written the same way whether the
// stream was opened on its own (GET /api/onsale/{id}/events) or is the join's answer (POST /api/onsale/{id}
// with `Accept: text/event-stream`, decision 0075). Each event's data is what an ask would have answered, or
// `{"ask":true}`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OnsaleDeps } from '@/modules/onsale/deps';
import { joinStreams, type StreamMessage } from '@/modules/onsale/queue-stream';
import { metrics } from '@/server/metrics';

/** How soon a browser tries again when the stream is cut (a server restarting, a balancer's timeout). */
const RECONNECT_MS = 3_000;

/** Whether the caller asked for the answer as an event stream. */
export function wantsEventStream(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').includes('text/event-stream');
}

/** Answers `res` as an event stream (after any headers already set, a cookie say): `first` at once when given,
 * then what this server pushes to the member at their place, until the wait ends or the caller leaves. */
export async function streamQueueAnswers(
  res: ServerResponse,
  deps: OnsaleDeps,
  onsaleId: string,
  member: { userId: string; position: number | null },
  first?: StreamMessage,
): Promise<void> {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    // no-transform: nothing between may gather the events up to compress them.
    'Cache-Control': 'no-store, no-transform',
    'X-Accel-Buffering': 'no',
  });
  const send = (message: StreamMessage) => void (res.writableEnded || res.destroyed || res.write(`data: ${JSON.stringify(message)}\n\n`));
  res.write(`retry: ${RECONNECT_MS}\n\n`);
  if (first) send(first);
  metrics().onsaleStreams.inc();
  try {
    await new Promise<void>((resolve) => {
      const leave = joinStreams(deps, onsaleId, { ...member, send, end: () => void (res.writableEnded || res.end()) });
      res.on('close', () => {
        leave();
        resolve();
      });
    });
  } finally {
    metrics().onsaleStreams.dec();
  }
}
