// A local stand-in of the Stripe endpoints our adapter calls through Stripe's Node library: Checkout
// Sessions and refunds, form-encoded as the library sends them, with idempotency keys as Stripe honours
// them (a repeated key answers the first answer again, and does nothing). Tests mark a session paid, as
// a customer paying would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInSession = Record<string, string> & { id: string; payment_status: string };
export type StandInRequest = { method: string; path: string; auth: string | undefined; idempotencyKey: string | undefined; body: string };

export async function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const refunds: Record<string, string>[] = [];
  const seen = new Map<string, { status: number; text: string }>();
  const requests: StandInRequest[] = [];

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method!, path: req.url!, auth: req.headers.authorization, idempotencyKey: key, body });
      const write = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` }).end(text);
      };
      const send = (status: number, value: unknown) => write(status, JSON.stringify(value));
      const fail = (status: number, type: string, message: string) => send(status, { error: { type, message } });
      if (!req.headers.authorization?.startsWith('Bearer sk_test_')) return fail(401, 'invalid_request_error', 'Invalid API Key provided');
      // Stripe replays the first answer to a key it has seen, and does the work only once.
      const replay = key === undefined ? undefined : seen.get(key);
      if (replay) {
        res.setHeader('idempotent-replayed', 'true');
        return write(replay.status, replay.text);
      }
      const params = Object.fromEntries(new URLSearchParams(body));
      const remember = (value: unknown) => {
        const text = JSON.stringify(value);
        if (key !== undefined) seen.set(key, { status: 200, text });
        write(200, text);
      };
      const view = (session: StandInSession) => ({ object: 'checkout.session', ...session, amount_total: Number(session.amount_total), expires_at: Number(session.expires_at) });

      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const id = `cs_test_${sessions.size + 1}_${Date.now()}`;
        const session: StandInSession = {
          ...params,
          id,
          client_secret: `${id}_secret`,
          amount_total: params['line_items[0][price_data][unit_amount]']!,
          currency: params['line_items[0][price_data][currency]']!,
          status: 'open',
          payment_status: 'unpaid',
          payment_intent: `pi_${id}`,
        };
        sessions.set(id, session);
        return remember(view(session));
      }
      const match = /^\/v1\/checkout\/sessions\/([^/?]+)(\?.*)?$/.exec(req.url!);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (!session) return fail(404, 'invalid_request_error', 'No such checkout session');
        return send(200, view(session));
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        refunds.push(params);
        return remember({ object: 'refund', id: `re_${refunds.length}`, status: 'succeeded', ...params, amount: Number(params.amount) });
      }
      fail(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.url})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    requests,
    markPaid: (id: string) => {
      Object.assign(sessions.get(id)!, { status: 'complete', payment_status: 'paid' });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
