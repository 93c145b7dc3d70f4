// Bearer keys of our machine-to-machine endpoints (operators, webhooks, resellers), compared in constant time.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** The key of `Authorization: Bearer <key>`, if the request sends one. */
export function bearerKey(req: IncomingMessage): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

/** Whether the request carries `Authorization: Bearer <expected>`. */
export function bearerMatches(req: IncomingMessage, expected: string): boolean {
  const given = bearerKey(req);
  return given !== undefined && crypto.timingSafeEqual(digest(given), digest(expected));
}
