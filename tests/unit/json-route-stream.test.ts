// jsonRoute's `stream` answers (decision 0075): the route writes the answer itself; one that fails after its
// head was sent ends the response instead of trying to send an error on top of it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextApiRequest, NextApiResponse } from 'next';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonRoute } from '@/http/route';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Serves `handler` as Next.js would (with `query` and `cookies`), and answers one GET's status, type and body. */
async function get(handler: (req: NextApiRequest, res: NextApiResponse) => unknown) {
  server = http.createServer((req, res) => {
    Object.assign(req, { query: {}, cookies: {} });
    void handler(req as NextApiRequest, res as unknown as NextApiResponse);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/test`);
  return { status: answer.status, type: answer.headers.get('content-type'), body: await answer.text() };
}

/** A public GET route whose answer is `stream` (a body given beside it is never sent). */
const streamingRoute = (stream: (res: NextApiResponse) => Promise<void>) =>
  jsonRoute({ method: 'GET', access: 'public', handle: async () => ({ status: 200, body: 'not sent', stream }) });

describe('jsonRoute with a stream', () => {
  it('lets the route write its own answer', async () => {
    const route = streamingRoute(async (res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.end('data: {"phase":"waiting"}\n\n');
    });
    expect(await get(route)).toEqual({ status: 200, type: 'text/event-stream', body: 'data: {"phase":"waiting"}\n\n' });
  });

  it('ends a stream that fails after its head, with what it had written and no error on top', async () => {
    const route = streamingRoute(async (res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: 1\n\n');
      throw new Error('the store went away');
    });
    expect(await get(route)).toEqual({ status: 200, type: 'text/event-stream', body: 'data: 1\n\n' });
  });
});
