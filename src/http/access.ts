// Who may call a route, declared by the route (src/http/route.ts) and checked here, once, before the
// handler runs: anyone, a signed-in member, staff (any role, or managers only), the operator
// (OPS_API_KEY), or an OCTO supplier's webhook.
// The right key is always let through; wrong keys are counted per client address and throttled (./key-attempts.ts).
import type { NextApiRequest } from 'next';
import { DEMO_OPS_KEY } from '@/server/demo-keys';
import { getEnv } from '@/server/env';
import { AppError, type ErrorKey } from '@/server/errors';
import { readSession } from '@/wiring/member-session';
import { roleAllows, staffRole, type StaffUser } from '@/modules/staff/roles';
import { bearerKey, bearerMatches } from './bearer';
import { clientAddress } from './client-address';
import { countWrongKey } from './key-attempts';

export type Access = 'public' | 'member' | 'staff' | 'boxoffice' | 'manager' | 'operator' | 'octo-webhook';

export type Member = { userId: string; email: string };

/** What the handler knows of its caller: the member on member routes, the staff user on staff routes. */
export type Caller<A extends Access> = A extends 'member' ? Member : A extends 'staff' | 'boxoffice' | 'manager' ? StaffUser : undefined;

async function member(req: NextApiRequest, refusal: ErrorKey, sessionRead?: { gatherMs: number }): Promise<Member> {
  const session = await readSession(req, sessionRead);
  if (!session?.user?.id || !session.user.email) throw new AppError('UNAUTHORIZED', refusal);
  return { userId: session.user.id, email: session.user.email };
}

/** Staff calls: anonymous callers are asked to sign in; a member who is not staff learns nothing (404,
 * as for a route that does not exist); gate staff calling a manager's action get 403. */
async function staff(req: NextApiRequest, needed: 'gate' | 'boxoffice' | 'manager'): Promise<StaffUser> {
  const who = await member(req, 'staffSignIn');
  const role = staffRole(who.email);
  if (!role) throw new AppError('NOT_FOUND', 'notFound');
  if (!roleAllows(role, needed)) throw new AppError('FORBIDDEN', needed === 'boxoffice' ? 'boxOfficeOnly' : 'managersOnly');
  return { ...who, role };
}

/** Lets the request's bearer key through when it is `expected`; counts a wrong one (429 past the limit). */
async function checkKey(req: NextApiRequest, expected: string, refusal: ErrorKey): Promise<void> {
  if (bearerMatches(req, expected)) return;
  if (bearerKey(req) !== undefined) await countWrongKey(clientAddress(req));
  throw new AppError('UNAUTHORIZED', refusal);
}

async function operator(req: NextApiRequest): Promise<void> {
  const env = getEnv();
  // The published demo key works in demo mode only.
  const expected = env.OPS_API_KEY ?? (env.SKYPASS_DEMO ? DEMO_OPS_KEY : undefined);
  if (!expected) throw new AppError('NOT_FOUND', 'operatorApiOff');
  await checkKey(req, expected, 'operatorKeyRequired');
}

async function octoWebhook(req: NextApiRequest): Promise<void> {
  const secret = getEnv().OCTO_WEBHOOK_SECRET;
  if (!secret) throw new AppError('NOT_FOUND', 'octoWebhooksOff');
  await checkKey(req, secret, 'webhookSecretRequired');
}

/** Lets the caller through, or throws the AppError that answers them. `sessionRead`: how long a member's session
 * read may wait to share its query (readSession). */
export async function admit<A extends Access>(
  access: A,
  req: NextApiRequest,
  signInMessage: ErrorKey = 'mustLogInToBook',
  sessionRead?: { gatherMs: number },
): Promise<Caller<A>> {
  if (access === 'member') return (await member(req, signInMessage, sessionRead)) as Caller<A>;
  if (access === 'staff' || access === 'boxoffice' || access === 'manager') return (await staff(req, access === 'staff' ? 'gate' : access)) as Caller<A>;
  if (access === 'operator') await operator(req);
  if (access === 'octo-webhook') await octoWebhook(req);
  return undefined as Caller<A>;
}
