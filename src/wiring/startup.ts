// Start-up: the configuration is checked, the database opened, migrated and seeded, resellers
// registered and the workers started (token issuing, the paid-order sweeper, the mail sender), before
// the first request. A server that cannot run correctly stops here with a one-line reason.
import { checkAllConfigFiles } from '@/config/check-all';
import { DEMO_RESELLER, parseResellerKeys, registerResellers } from '@/modules/resellers/reseller-keys';
import { getDb } from '@/server/db/client';
import { getEnv, startupRefusal, type Env } from '@/server/env';
import { startCheckoutWorkers } from './checkout-workers';
import { startLoyaltyWorker } from './loyalty-worker';
import { getMailTransport } from './mail';

function refuse(reason: string): never {
  console.error(`Skypass will not start: ${reason}`);
  process.exit(1);
}

export async function startServer(): Promise<void> {
  let env: Env;
  try {
    env = getEnv();
    checkAllConfigFiles();
  } catch (error) {
    refuse((error as Error).message);
  }
  const refusal = startupRefusal(env);
  if (refusal) refuse(refusal);
  // next-auth reads its public address from this variable on every request and offers no option for
  // it: hand it the one computed address, once, before the first request.
  process.env.NEXTAUTH_URL = env.siteUrl;
  try {
    const db = await getDb();
    const resellers = parseResellerKeys(env.OCTO_RESELLER_KEYS);
    await registerResellers(db, env.SKYPASS_DEMO && resellers.length === 0 ? [DEMO_RESELLER] : resellers);
  } catch (error) {
    refuse(`the database could not be opened: ${(error as Error).message}`);
  }
  startLoyaltyWorker();
  startCheckoutWorkers();
  const database = env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`;
  console.log(
    `[skypass] ready on ${env.siteUrl}: database ${database}, mail ${getMailTransport().name}` + (env.SKYPASS_DEMO ? ', demo mode' : ''),
  );
}
