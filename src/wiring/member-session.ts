// The signed-in member's session on the server, in two reads of the one row next-auth writes at sign-in:
// - readSession, for every route and page: the session cookie's row and its user, one indexed query. It
//   neither extends nor deletes the row. next-auth's own read (getServerSession) runs its whole handler's
//   set-up for every call (options, a CSRF token, the callback, the cookie written again); that was a third
//   of a queue join's work on the biggest day (docs/decisions/0075).
// - keepSessionAlive, for next-auth's session endpoint only (/api/auth/session, which every page asks): next-auth's
//   read, which also moves the expiry forward once a day (updateAge) and deletes an expired row.
// Both read a database outage as an outage: a 503 with a retry message, never "signed out" (docs/decisions/0014).
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from 'next';
import { getServerSession, type Session } from 'next-auth';
import { eq, sql } from 'drizzle-orm';
import { batchWhileBusy } from '@/server/batch-while-busy';
import { arrayLiteral } from '@/server/db/array-literal';
import { processGlobal } from '@/universal/process-global';
import { sessionCookieName } from '@/server/auth/session-cookie';
import { getDb, type Database } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/unavailable';
import { currentRequestContext, runWithRequestContext, type RequestContext } from '@/server/request-context';
import { getAuthOptions } from './auth-options';

type Request = NextApiRequest | GetServerSidePropsContext['req'];
type Response = NextApiResponse | GetServerSidePropsContext['res'];

/** The session, or null when there is none (no cookie, an unknown token, an expired row); throws the 503
 * AppError when the database is out of reach. `gatherMs`: how long this read may wait to share its query with
 * others (the queue's joins, decision 0081); else it goes at the end of the event loop's turn. */
export async function readSession(req: Request, { gatherMs = 0 }: { gatherMs?: number } = {}): Promise<Session | null> {
  const options = await getAuthOptions();
  const token = req.cookies[sessionCookieName(options.useSecureCookies === true)];
  if (!token) return null;
  let row;
  try {
    row = await sessionReads(await getDb(), gatherMs)(token);
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw databaseUnavailable();
    throw error;
  }
  // next-auth's clock for its sessions: the real one (it writes and checks expiries with Date.now()).
  if (!row || row.expires.valueOf() < Date.now()) return null;
  const { id, name, email, image, expires } = row;
  return { user: { id, name, email, image }, expires: expires.toISOString() };
}

/** The sessions asked for at once, read in one query (batchWhileBusy, decision 0081): on the biggest day every
 * join reads one, 333 a second. The query is built once per database and prepared by name: building it each time
 * cost about 0.2 ms of CPU a request, more than the read itself (decision 0077). One per process: every route's
 * bundle shares it. */
const batches = processGlobal('session-read-batches', () => new WeakMap<Database, Map<number, (token: string) => Promise<SessionRow | undefined>>>());

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionsQuery>['execute']>>[number];

function sessionReads(db: Database, gatherMs: number) {
  let byWait = batches.get(db);
  if (!byWait) batches.set(db, (byWait = new Map()));
  let read = byWait.get(gatherMs);
  if (!read) {
    const query = prepareSessionsQuery(db);
    read = batchWhileBusy(
      async (tokens: string[]) => {
        const rows = new Map((await query.execute({ tokens: arrayLiteral(tokens) })).map((row) => [row.token, row]));
        return tokens.map((token) => rows.get(token));
      },
      { gatherMs },
    );
    byWait.set(gatherMs, read);
  }
  return read;
}

function prepareSessionsQuery(db: Database) {
  return db
    .select({ token: sessions.sessionToken, expires: sessions.expires, id: users.id, name: users.name, email: users.email, image: users.image })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.sessionToken} = any(${sql.placeholder('tokens')}::text[])`)
    .prepare('read_sessions');
}

/** next-auth's read, for its session endpoint: the session (or null), its expiry moved forward when due, an
 * expired row deleted, the cookie written again; throws the 503 AppError when the database is out of reach
 * (next-auth itself would answer "no session"). */
export async function keepSessionAlive(req: Request, res: Response): Promise<Session | null> {
  const options = await getAuthOptions();
  const watch: RequestContext = { ...currentRequestContext(), databaseUnavailable: false };
  const session = await runWithRequestContext(watch, () => getServerSession(req, res, options));
  if (watch.databaseUnavailable) throw databaseUnavailable();
  return session;
}
