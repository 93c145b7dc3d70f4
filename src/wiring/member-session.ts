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
import { sessionCookieName } from '@/server/auth/session-cookie';
import { getDb, type Database } from '@/server/db/client';
import { sessions, users } from '@/server/db/schema';
import { databaseUnavailable, isDatabaseUnavailable } from '@/server/db/unavailable';
import { currentRequestContext, runWithRequestContext, type RequestContext } from '@/server/request-context';
import { getAuthOptions } from './auth-options';

type Request = NextApiRequest | GetServerSidePropsContext['req'];
type Response = NextApiResponse | GetServerSidePropsContext['res'];

/** The session, or null when there is none (no cookie, an unknown token, an expired row); throws the 503
 * AppError when the database is out of reach. */
export async function readSession(req: Request): Promise<Session | null> {
  const options = await getAuthOptions();
  const token = req.cookies[sessionCookieName(options.useSecureCookies === true)];
  if (!token) return null;
  let row;
  try {
    [row] = await sessionQuery(await getDb()).execute({ token });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw databaseUnavailable();
    throw error;
  }
  // next-auth's clock for its sessions: the real one (it writes and checks expiries with Date.now()).
  if (!row || row.expires.valueOf() < Date.now()) return null;
  const { expires, ...user } = row;
  return { user, expires: expires.toISOString() };
}

/** The session read, built once per database and prepared by name: every request reads its session, and building
 * the query each time cost about 0.2 ms of CPU a request, more than the read itself (decision 0077). */
const prepared = new WeakMap<Database, ReturnType<typeof prepareSessionQuery>>();

function sessionQuery(db: Database) {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = prepareSessionQuery(db)));
  return query;
}

function prepareSessionQuery(db: Database) {
  return db
    .select({ expires: sessions.expires, id: users.id, name: users.name, email: users.email, image: users.image })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.sessionToken, sql.placeholder('token')))
    .limit(1)
    .prepare('read_session');
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
