// Start-up: the configuration is checked, the database opened, migrated and seeded, resellers
// registered and the job runner started (mail, tokens, webhooks, wallet pushes, the waitlist, the payments'
// checks: docs/decisions/0027), before the first request. A server that cannot run correctly stops here with a one-line reason.
import { checkAllConfigFiles } from '@/config/check-all';
import { catalogDocument } from '@/modules/catalog/catalog-document';
import { loadProgram } from '@/modules/program/program-cache';
import { parseResellerKeys, resellerKeysRefusal, syncResellers } from '@/modules/resellers/reseller-keys';
import { getDb } from '@/server/db/client';
import { DEMO_RESELLER } from '@/server/demo-keys';
import { clockNotice, clockSettable } from '@/server/clock';
import { getEnv, startupRefusal, type Env } from '@/server/env';
import { ticketKeyRefusal } from '@/server/ticket-key-check';
import { ticketKeys } from '@/server/ticket-keys';
import { startJobRunner } from './jobs';
import { getMailTransport } from './mail';
import { getSupplier } from './supplier';
import { log } from '@/server/log';

function refuse(reason: string): never {
  // One plain line, not JSON: the person starting the site reads it, and nothing was served yet.
  process.stderr.write(`Skypass will not start: ${reason}\n`);
  process.exit(1);
}

/** An OCTO supplier is asked who it is at start-up (GET /supplier); one that cannot answer is logged, not
 * fatal: the shop then says its products cannot be loaded until the supplier is back. */
async function describeOctoSupplier(baseUrl: string): Promise<void> {
  try {
    const info = await (await getSupplier()).getSupplier();
    log.info(`[skypass] OCTO supplier at ${baseUrl}: ${info.name} (${info.id})`);
  } catch (error) {
    log.warn(`[skypass] the OCTO supplier at ${baseUrl} did not describe itself: ${(error as Error).message}`);
  }
}

export async function startServer(): Promise<void> {
  let env: Env;
  try {
    env = getEnv();
    checkAllConfigFiles();
  } catch (error) {
    refuse((error as Error).message);
  }
  const configured = parseResellerKeys(env.OCTO_RESELLER_KEYS);
  const refusal = startupRefusal(env) ?? resellerKeysRefusal(configured);
  if (refusal) refuse(refusal);
  // next-auth reads its public address from this variable on every request and offers no option for
  // it: hand it the one computed address, once, before the first request.
  process.env.NEXTAUTH_URL = env.siteUrl;
  const clock = clockNotice(env);
  if (clock) (clockSettable(env) ? log.info : log.warn)(`[skypass] ${clock}`);
  try {
    const db = await getDb();
    // The catalogue in force is the database's newest version (decision 0055), kept fresh from here on; the program's checks read it.
    const catalog = await catalogDocument.load(db);
    log.info(`[skypass] catalogue version ${catalog.version}`);
    // So is the program: the database's newest version (decision 0044), kept fresh from here on.
    const { version } = await loadProgram(db);
    log.info(`[skypass] program version ${version}`);
    // The database holds exactly the resellers configured now (the demo's only in demo mode).
    const { revoked, holdsReleased, webhooksDeleted } = await syncResellers(db, env.SKYPASS_DEMO && configured.length === 0 ? [DEMO_RESELLER] : configured);
    if (revoked.length) log.info(`[skypass] resellers revoked: ${revoked.join(', ')} (${holdsReleased} unpaid holds released, ${webhooksDeleted} webhooks deleted)`);
  } catch (error) {
    refuse(`the database could not be opened: ${(error as Error).message}`);
  }
  // Every server of a database signs tickets with the same key (decision 0033).
  const keyRefusal = await ticketKeyRefusal(await getDb(), ticketKeys());
  if (keyRefusal) refuse(keyRefusal);
  await startJobRunner();
  if (env.OCTO_BASE_URL) await describeOctoSupplier(env.OCTO_BASE_URL);
  const database = env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`;
  log.info(
    `[skypass] ready on ${env.siteUrl}: database ${database}, mail ${getMailTransport().name}` + (env.SKYPASS_DEMO ? ', demo mode' : ''),
  );
}
