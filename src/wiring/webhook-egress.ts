// Where resellers' webhooks may point, from this server's configuration (OCTO_WEBHOOK_ALLOW, NEXTAUTH_URL).
import type { EgressPolicy } from '@/server/egress/partner-destination';
import { getEnv } from '@/server/env';

export function webhookEgress(): EgressPolicy {
  const env = getEnv();
  return { allowed: env.OCTO_WEBHOOK_ALLOW, siteUrl: env.siteUrl };
}
