// GET /api/onsale/{id}: where the signed-in member stands in the on-sale's queue (polled by /onsale/{id}).
// POST /api/onsale/{id}: joins the queue, then answers the same. When the member's turn has come, the answer
// carries their pass and sets it as a cookie for the hold API (decision 0056). When the queue's store cannot
// answer, the answer says to go straight through (`phase: "over"`, `failOpen: true`).
import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import { jsonRoute, type RouteContext } from '@/http/route';
import { FAIL_OPEN } from '@/modules/onsale/fail-open';
import { joinQueue } from '@/modules/onsale/join-queue';
import { passCookieName, PASS_MINUTES } from '@/modules/onsale/queue-pass';
import { queueStatus } from '@/modules/onsale/queue-status';
import { AppError } from '@/server/errors';
import { getEnv } from '@/server/env';
import { getOnsaleDeps } from '@/wiring/onsale';

export const config = { api: { bodyParser: false } };

const onsaleId = z.uuid();

async function answer({ req, res, caller }: RouteContext<unknown, 'member'>, join: boolean) {
  const parsed = onsaleId.safeParse(req.query.id);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'onsaleNotFound');
  const deps = await getOnsaleDeps();
  if (join && (await joinQueue(deps, parsed.data, caller.userId)) === FAIL_OPEN) return { status: 200, body: { phase: 'over', failOpen: true } };
  const status = await queueStatus(deps, parsed.data, caller.userId);
  if (status === FAIL_OPEN) return { status: 200, body: { phase: 'over', failOpen: true } };
  if (status.pass) {
    const secure = getEnv().siteUrl.startsWith('https:') ? '; Secure' : '';
    res.setHeader('Set-Cookie', `${passCookieName(parsed.data)}=${status.pass}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${PASS_MINUTES * 60}${secure}`);
  }
  return { status: 200, body: status };
}

const read = jsonRoute({ method: 'GET', access: 'member', signInMessage: 'signInForQueue', handle: (ctx) => answer(ctx, false) });
const join = jsonRoute({ method: 'POST', access: 'member', signInMessage: 'signInForQueue', handle: (ctx) => answer(ctx, true) });

export default function onsaleQueue(req: NextApiRequest, res: NextApiResponse) {
  return req.method === 'POST' ? join(req, res) : read(req, res);
}
