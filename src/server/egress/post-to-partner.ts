// One POST to a partner's URL: resolved and checked first (partner-destination.ts), then sent to that
// very address (the TLS name and Host header stay the URL's), checked again on the socket once connected,
// never following a redirect, and given up after a short timeout so that a slow partner holds nobody up.
import http from 'node:http';
import https from 'node:https';
import { isRefusedAddress } from './internal-addresses';
import { RefusedDestination, resolveDestination, type EgressPolicy } from './partner-destination';

export type PartnerResponse = { status: number };

export async function postToPartner(
  rawUrl: string,
  { headers, body, timeoutMs, policy }: { headers: Record<string, string>; body: string; timeoutMs: number; policy: EgressPolicy },
): Promise<PartnerResponse> {
  const { url, address, port } = await resolveDestination(rawUrl, policy);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<PartnerResponse>((resolve, reject) => {
    const request = transport.request({
      method: 'POST',
      host: address,
      port,
      path: `${url.pathname}${url.search}`,
      // The certificate is checked against the URL's name, not the address connected to.
      servername: url.protocol === 'https:' && !url.hostname.startsWith('[') ? url.hostname : undefined,
      headers: { ...headers, Host: url.host, 'Content-Length': String(Buffer.byteLength(body)) },
      agent: false,
      timeout: timeoutMs,
    });
    const deadline = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        const connected = socket.remoteAddress ?? '';
        if (isRefusedAddress(connected, policy.allowed)) request.destroy(new RefusedDestination(`connected to an internal address (${connected})`));
      });
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.on('response', (response) => {
      clearTimeout(deadline);
      // The answer's body is not read: only its status counts.
      response.resume();
      resolve({ status: response.statusCode ?? 0 });
    });
    request.end(body);
  });
}
