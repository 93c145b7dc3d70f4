// Cross-site request forgery: a call that changes something (POST, PUT, PATCH, DELETE) must come from our
// own pages. Browsers say where a request comes from: `Origin` on every such call, and `Sec-Fetch-Site`;
// the Origin must be the site's public address or the host the request was sent to. A request with
// neither header is not a browser's (a program, the ops CLI), and a forged one cannot be sent by a page.
// Callers with a bearer key (operators, webhooks, resellers) are exempt: a page cannot send that header
// to another site without its consent (CORS), and they call from servers, with no Origin of ours.
import type { IncomingMessage } from 'node:http';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import type { Access } from './access';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes whose callers prove themselves with a bearer key. */
const BEARER_ACCESS: ReadonlySet<Access> = new Set(['operator', 'octo-webhook']);

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export function isSameOriginRequest(req: IncomingMessage, siteUrl: string): boolean {
  if (!STATE_CHANGING.has(req.method ?? 'GET')) return true;
  const origin = header(req, 'origin');
  if (origin !== undefined) {
    if (origin === new URL(siteUrl).origin) return true;
    try {
      return new URL(origin).host === header(req, 'host');
    } catch {
      return false; // "null" (a sandboxed frame, a redirect across sites) or garbage
    }
  }
  const site = header(req, 'sec-fetch-site');
  return site === undefined || site === 'same-origin' || site === 'none';
}

/** Throws the 403 that answers a state-changing call from another site. */
export function refuseCrossSiteRequest(req: IncomingMessage, access?: Access): void {
  if (access && BEARER_ACCESS.has(access)) return;
  if (!isSameOriginRequest(req, getEnv().siteUrl)) throw new AppError('FORBIDDEN', 'crossSiteRequest');
}
