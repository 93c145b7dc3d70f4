// Abuse limits on the account endpoints: per e-mail address and per client address (docs/decisions/0005).
import type { Database } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { countAttempt } from '@/server/rate-limit';

export type LimitedAction = 'signin' | 'lookup';

export async function enforceAbuseLimits(
  db: Database,
  action: LimitedAction,
  who: { email?: string; clientIp: string },
): Promise<void> {
  const env = getEnv();
  const limits =
    action === 'signin'
      ? { email: env.RATE_LIMIT_SIGNIN_PER_EMAIL, ip: env.RATE_LIMIT_SIGNIN_PER_IP }
      : { email: env.RATE_LIMIT_LOOKUP_PER_EMAIL, ip: env.RATE_LIMIT_LOOKUP_PER_IP };
  const verdicts = await Promise.all([
    countAttempt(db, `${action}:ip:${who.clientIp}`, limits.ip),
    who.email ? countAttempt(db, `${action}:email:${who.email}`, limits.email) : undefined,
  ]);
  const refused = verdicts.filter((v) => v && !v.allowed);
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((v) => v!.retryAfterSeconds));
    throw new AppError('RATE_LIMITED', 'rateLimited', {}, { 'Retry-After': String(retryAfter) });
  }
}
