// Wrong bearer keys (operator API, OCTO API, OCTO webhook) are counted per client address
// (RATE_LIMIT_KEY_FAILURES_PER_IP); past the limit a wrong key answers 429 (Retry-After) instead of 401.
// The right key is checked first and always let through (docs/decisions/0035): wrong keys from a shared
// address (a NAT, a partner's test bench, an attacker) never lock its owner out. Guessing is stopped by the
// keys' length (16 or more characters, required at start-up), not by the counter.
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { enforceRateLimits } from '@/server/rate-limit';

const counterKey = (clientIp: string) => `bearer-key:ip:${clientIp}`;

/** Counts a wrong key sent from this address; throws 429 once the address has sent too many. */
export async function countWrongKey(clientIp: string): Promise<void> {
  await enforceRateLimits(await getDb(), [{ key: counterKey(clientIp), limit: getEnv().RATE_LIMIT_KEY_FAILURES_PER_IP }]);
}
