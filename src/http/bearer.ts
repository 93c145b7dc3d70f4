// Bearer keys of our machine-to-machine endpoints (operators, webhooks), compared in constant time.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <expected>`. */
export function bearerMatches(req: IncomingMessage, expected: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return given !== undefined && crypto.timingSafeEqual(digest(given), digest(expected));
}
