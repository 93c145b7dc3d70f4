// GET /api/onsale/{id}: where the signed-in member stands in the on-sale's queue (polled by /onsale/{id}).
// POST /api/onsale/{id}: joins the queue, then answers the same. When the member's turn has come, the answer
// carries their pass and sets it as a cookie for the hold API (decision 0056). When the queue's store is down
// (an error), the answer says to go straight through (`phase: "over"`, `failOpen: true`); when it is only slow,
// it says busy, still in line, ask again (`phase: "busy"`, with Retry-After), and lets nobody through.
import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import { jsonRoute, type RouteContext } from '@/http/route';
import { FAIL_OPEN, STORE_BUSY } from '@/modules/onsale/fail-open';
import { QUEUE_BUSY_RETRY_SECONDS } from '@/modules/onsale/queue-admission';
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
  const joined = join ? await joinQueue(deps, parsed.data, caller.userId) : undefined;
  if (joined === FAIL_OPEN) return { status: 200, body: { phase: 'over', failOpen: true } };
  if (joined === STORE_BUSY) return busy(res);
  const status = await queueStatus(deps, parsed.data, caller.userId);
  if (status === FAIL_OPEN) return { status: 200, body: { phase: 'over', failOpen: true } };
  if (status === STORE_BUSY) return busy(res);
  if (status.pass) {
    const secure = getEnv().siteUrl.startsWith('https:') ? '; Secure' : '';
    res.setHeader('Set-Cookie', `${passCookieName(parsed.data)}=${status.pass}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${PASS_MINUTES * 60}${secure}`);
  }
  return { status: 200, body: status };
}

/** The store answered too slowly: still in line, nobody let through, ask again in a moment. */
function busy(res: NextApiResponse) {
  res.setHeader('Retry-After', String(QUEUE_BUSY_RETRY_SECONDS));
  return { status: 200, body: { phase: 'busy', busy: true } };
}

const read = jsonRoute({ method: 'GET', access: 'member', signInMessage: 'signInForQueue', handle: (ctx) => answer(ctx, false) });
const join = jsonRoute({ method: 'POST', access: 'member', signInMessage: 'signInForQueue', handle: (ctx) => answer(ctx, true) });

export default function onsaleQueue(req: NextApiRequest, res: NextApiResponse) {
  return req.method === 'POST' ? join(req, res) : read(req, res);
}
