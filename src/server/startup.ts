// Start-up checks. A server that cannot run correctly stops here with a one-line reason.
import dropsJson from '../../config/drops.json';
import { getMailTransport } from '../adapters/mail';
import { dropsSchema } from '../config/drops-schema';
import { getDb } from './db/client';
import { getEnv, startupRefusal, type Env } from './env';
import { startLoyaltyWorker } from './loyalty-worker';
import { DEMO_RESELLER, parseResellerKeys, registerResellers } from './octo/resellers';

function refuse(reason: string): never {
  console.error(`Skypass will not start: ${reason}`);
  process.exit(1);
}

export async function startServer(): Promise<void> {
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    refuse((error as Error).message);
  }
  const refusal = startupRefusal(env);
  if (refusal) refuse(refusal);
  const drops = dropsSchema.safeParse(dropsJson);
  if (!drops.success) refuse(`config/drops.json: ${drops.error.issues[0]?.message ?? 'invalid'}`);
  process.env.NEXTAUTH_URL ??= `http://localhost:${env.PORT}`;
  try {
    const db = await getDb();
    const resellers = parseResellerKeys(env.OCTO_RESELLER_KEYS);
    await registerResellers(db, env.SKYPASS_DEMO && resellers.length === 0 ? [DEMO_RESELLER] : resellers);
  } catch (error) {
    refuse(`the database could not be opened: ${(error as Error).message}`);
  }
  startLoyaltyWorker();
  const database = env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`;
  console.log(
    `[skypass] ready on ${process.env.NEXTAUTH_URL}: database ${database}, mail ${getMailTransport().name}` +
      (env.SKYPASS_DEMO ? ', demo mode' : ''),
  );
}
