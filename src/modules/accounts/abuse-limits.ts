// Abuse limits on the account endpoints: per e-mail address and per client address (docs/decisions/0005).
import type { Database } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { enforceRateLimits } from '@/server/rate-limit';

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
  await enforceRateLimits(db, [
    { key: `${action}:ip:${who.clientIp}`, limit: limits.ip },
    ...(who.email ? [{ key: `${action}:email:${who.email}`, limit: limits.email }] : []),
  ]);
}
