// The address a request came from. X-Forwarded-For is believed only behind a proxy we trust.
import type { IncomingMessage } from 'node:http';
import { getEnv } from '@/server/env';

export function clientAddress(req: IncomingMessage): string {
  if (getEnv().TRUST_PROXY) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first.slice(0, 64);
  }
  return req.socket.remoteAddress ?? 'unknown';
}
