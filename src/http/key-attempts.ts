// Wrong bearer keys (operator API, OCTO API, OCTO webhook) are counted per client address
// (RATE_LIMIT_KEY_FAILURES_PER_IP). Past the limit no key from that address is even compared until the
// window ends: a key cannot be guessed by trying, and a right key tried then learns nothing either.
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { countAttempt, peekAttempt } from '@/server/rate-limit';

const counterKey = (clientIp: string) => `bearer-key:ip:${clientIp}`;

const throttled = (retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', 'rateLimited', {}, { 'Retry-After': String(retryAfterSeconds) });

/** Throws 429 while this address has used up its wrong keys. */
export async function refuseWhileThrottled(clientIp: string): Promise<void> {
  const verdict = await peekAttempt(await getDb(), counterKey(clientIp), getEnv().RATE_LIMIT_KEY_FAILURES_PER_IP);
  if (!verdict.allowed) throw throttled(verdict.retryAfterSeconds);
}

/** Counts a wrong key sent from this address. */
export async function recordWrongKey(clientIp: string): Promise<void> {
  await countAttempt(await getDb(), counterKey(clientIp), getEnv().RATE_LIMIT_KEY_FAILURES_PER_IP);
}
