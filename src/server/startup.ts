// Start-up checks. A server that cannot run correctly stops here with a one-line reason.
import { getMailTransport } from '../adapters/mail';
import { getDb } from './db/client';
import { getEnv, startupRefusal, type Env } from './env';

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
  process.env.NEXTAUTH_URL ??= `http://localhost:${env.PORT}`;
  try {
    await getDb();
  } catch (error) {
    refuse(`the database could not be opened: ${(error as Error).message}`);
  }
  const database = env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`;
  console.log(
    `[skypass] ready on ${process.env.NEXTAUTH_URL}: database ${database}, mail ${getMailTransport().name}` +
      (env.SKYPASS_DEMO ? ', demo mode' : ''),
  );
}
