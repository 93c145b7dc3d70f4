// A local stand-in of the Stripe endpoints our adapter calls: Checkout Sessions and refunds, with
// idempotency keys as Stripe honours them. Tests mark a session paid, as a customer paying would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInSession = Record<string, string> & { id: string; payment_status: string };

export async function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const refunds: Record<string, string>[] = [];
  const seen = new Map<string, string>();
  const requests: { method: string; path: string; auth: string | undefined }[] = [];

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method!, path: req.url!, auth: req.headers.authorization });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      if (!req.headers.authorization?.startsWith('Bearer sk_test_')) return send(401, { error: { message: 'Invalid API Key provided' } });
      const key = req.headers['idempotency-key'] as string | undefined;
      if (key && seen.has(key)) return res.writeHead(200, { 'content-type': 'application/json' }).end(seen.get(key));
      const params = Object.fromEntries(new URLSearchParams(body));
      const remember = (value: unknown) => {
        const text = JSON.stringify(value);
        if (key) seen.set(key, text);
        res.writeHead(200, { 'content-type': 'application/json' }).end(text);
      };
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
        return remember({ ...session, amount_total: Number(session.amount_total), expires_at: Number(session.expires_at) });
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.url!);
      if (req.method === 'GET' && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (!session) return send(404, { error: { message: 'No such checkout session' } });
        return send(200, { ...session, amount_total: Number(session.amount_total), expires_at: Number(session.expires_at) });
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        refunds.push(params);
        return remember({ id: `re_${refunds.length}`, status: 'succeeded', ...params });
      }
      send(404, { error: { message: `Unrecognized request URL (${req.method}: ${req.url})` } });
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
