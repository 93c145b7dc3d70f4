// Every API request and every page has an id: the caller's X-Request-Id when it is a sane one (a load balancer's, a
// partner's), else a new one. It is echoed in the response's X-Request-Id and written on every log line of
// the request, so that one request can be followed through the logs (docs/decisions/0046). Pages get theirs
// in src/proxy.ts, which hands it to their server code in the request's own X-Request-Id.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Letters, digits and `._:-`, up to 128: a UUID, a trace id, an AWS or nginx request id. Anything else
 * (spaces, control characters, a huge value) could forge or flood a log line, and is replaced. */
const SANE = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's id when it is sane, else a new one. */
export function saneRequestId(given: unknown): string {
  return typeof given === 'string' && SANE.test(given) ? given : crypto.randomUUID();
}

export const requestIdOf = (req: IncomingMessage): string => saneRequestId(req.headers['x-request-id']);
