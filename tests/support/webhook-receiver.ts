// A local HTTP receiver for webhooks: it records every request and answers with the statuses it is
// told to, in turn (then 200), so that tests can play a receiver that fails and recovers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: http.IncomingHttpHeaders; body: string; json: Record<string, unknown> };

/** `onReceived` hears each request as it arrives: a test orders deliveries by events, not by times. */
export async function startWebhookReceiver(statuses: number[] = [], onReceived?: (request: Received) => void) {
  const received: Received[] = [];
  const answers = [...statuses];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const request = { headers: req.headers, body, json: JSON.parse(body) as Record<string, unknown> };
      received.push(request);
      onReceived?.(request);
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The statuses still to answer in turn: a test empties it to make the receiver recover at once. */
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
