// Who may call a route, declared by the route (src/http/route.ts) and checked here, once, before the
// handler runs: anyone, a signed-in member, the operator (OPS_API_KEY), or an OCTO supplier's webhook.
import type { NextApiRequest, NextApiResponse } from 'next';
import { getServerSession } from 'next-auth';
import { getEnv } from '@/server/env';
import { AppError, type ErrorKey } from '@/server/errors';
import { getAuthOptions } from '@/wiring/auth-options';
import { bearerMatches } from './bearer';

export type Access = 'public' | 'member' | 'operator' | 'octo-webhook';

export type Member = { userId: string; email: string };

/** What the handler knows of its caller: the member for member routes, nothing for the others. */
export type Caller<A extends Access> = A extends 'member' ? Member : undefined;

/** In the demo, a published operator key, so that `npm run ops` works at once. */
export const DEMO_OPS_KEY = 'skypass-demo-ops-key';

async function member(req: NextApiRequest, res: NextApiResponse, refusal: ErrorKey): Promise<Member> {
  const session = await getServerSession(req, res, await getAuthOptions());
  if (!session?.user?.id || !session.user.email) throw new AppError(401, 'UNAUTHORIZED', refusal);
  return { userId: session.user.id, email: session.user.email };
}

function operator(req: NextApiRequest): void {
  const env = getEnv();
  const expected = env.OPS_API_KEY ?? (env.SKYPASS_DEMO ? DEMO_OPS_KEY : undefined);
  if (!expected) throw new AppError(404, 'NOT_FOUND', 'operatorApiOff');
  if (!bearerMatches(req, expected)) throw new AppError(401, 'UNAUTHORIZED', 'operatorKeyRequired');
}

function octoWebhook(req: NextApiRequest): void {
  const secret = getEnv().OCTO_WEBHOOK_SECRET;
  if (!secret) throw new AppError(404, 'NOT_FOUND', 'octoWebhooksOff');
  if (!bearerMatches(req, secret)) throw new AppError(401, 'UNAUTHORIZED', 'webhookSecretRequired');
}

/** Lets the caller through, or throws the AppError that answers them. */
export async function admit<A extends Access>(
  access: A,
  req: NextApiRequest,
  res: NextApiResponse,
  signInMessage: ErrorKey = 'mustLogInToBook',
): Promise<Caller<A>> {
  if (access === 'member') return (await member(req, res, signInMessage)) as Caller<A>;
  if (access === 'operator') operator(req);
  if (access === 'octo-webhook') octoWebhook(req);
  return undefined as Caller<A>;
}
