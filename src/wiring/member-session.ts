// The signed-in member's session, read the way next-auth reads it, except that a database outage is an
// outage: next-auth reads any failure as "no session", which would tell a member they are signed out
// because the database is down. Here that becomes a 503 with a retry message (docs/decisions/0014).
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from 'next';
import { getServerSession, type Session } from 'next-auth';
import { databaseUnavailable } from '@/server/db/unavailable';
import { currentRequestContext, runWithRequestContext, type RequestContext } from '@/server/request-context';
import { getAuthOptions } from './auth-options';

/** The session, or null when there is none; throws the 503 AppError when the database is out of reach. */
export async function readSession(
  req: NextApiRequest | GetServerSidePropsContext['req'],
  res: NextApiResponse | GetServerSidePropsContext['res'],
): Promise<Session | null> {
  const options = await getAuthOptions();
  const watch: RequestContext = { ...currentRequestContext(), databaseUnavailable: false };
  const session = await runWithRequestContext(watch, () => getServerSession(req, res, options));
  if (watch.databaseUnavailable) throw databaseUnavailable();
  return session;
}
