// A local stand-in of the POAP endpoints our issuer calls: the OAuth token endpoint, GET and POST
// /actions/claim-qr. It can be told to be down, to fail claims, and it counts what it was asked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startPoapStandIn(options: { tokenLifetimeSeconds?: number } = {}) {
  const links = new Map<string, { id: number; secret: string; claimed: boolean; beneficiary: string | null }>();
  const state = { down: false, failClaims: 0, tokensIssued: 0, claims: 0, apiKeys: new Set<string>() };
  let nextId = 1000;

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (state.down) return send(503, { message: 'Service unavailable' });
      const url = new URL(req.url!, 'http://stand-in');
      if (req.method === 'POST' && url.pathname === '/oauth/token') {
        const grant = JSON.parse(body) as { client_id: string; client_secret: string; grant_type: string };
        if (grant.grant_type !== 'client_credentials' || grant.client_secret !== 'poap-client-secret') return send(401, { error: 'access_denied' });
        state.tokensIssued++;
        return send(200, { access_token: `token-${state.tokensIssued}`, expires_in: options.tokenLifetimeSeconds ?? 86_400, token_type: 'Bearer' });
      }
      const apiKey = req.headers['x-api-key'];
      if (apiKey !== 'poap-api-key') return send(401, { message: 'Invalid API key' });
      const scan = /^\/actions\/scan\/([^/]+)$/.exec(url.pathname);
      if (scan && req.method === 'GET') {
        const owner = decodeURIComponent(scan[1]!).toLowerCase();
        const held = [...links.values()].filter((l) => l.claimed && l.beneficiary?.toLowerCase() === owner);
        return send(200, held.map((l) => ({ tokenId: String(l.id + 500_000), created: '2026-11-21 10:00:00', event: { id: 4242 } })));
      }
      if (url.pathname === '/actions/claim-qr' && req.method === 'GET') {
        const link = links.get(url.searchParams.get('qr_hash') ?? '');
        return link ? send(200, { ...link, qr_hash: url.searchParams.get('qr_hash') }) : send(404, { message: 'Qr Claim not found' });
      }
      if (url.pathname === '/actions/claim-qr' && req.method === 'POST') {
        if (!/^Bearer token-\d+$/.test(req.headers.authorization ?? '')) return send(401, { message: 'Unauthorized' });
        const claim = JSON.parse(body) as { address: string; qr_hash: string; secret: string };
        const link = links.get(claim.qr_hash);
        if (!link || link.secret !== claim.secret) return send(400, { message: 'Invalid secret' });
        if (state.failClaims > 0) {
          state.failClaims--;
          return send(502, { message: 'Bad gateway' });
        }
        if (link.claimed) return send(400, { message: 'QR Claim already claimed' });
        state.claims++;
        Object.assign(link, { claimed: true, beneficiary: claim.address });
        return send(200, { id: link.id, qr_hash: claim.qr_hash, beneficiary: claim.address, claimed: true });
      }
      send(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    apiBase: url,
    authUrl: `${url}/oauth/token`,
    state,
    links,
    /** Mint links POAP would list for an event. */
    addLinks(count: number): string[] {
      return Array.from({ length: count }, () => {
        const qrHash = `qr${nextId}`;
        links.set(qrHash, { id: nextId++, secret: `secret-${qrHash}`, claimed: false, beneficiary: null });
        return qrHash;
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
