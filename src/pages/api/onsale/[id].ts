// GET /api/onsale/{id}: where the member stands in the on-sale's queue (polled by /onsale/{id}).
// POST /api/onsale/{id}: joins the queue (signed in), then answers the same; asked with `Accept: text/event-stream`
// while the member waits, the answer is the waiting room's event stream, its first event that same answer
// (decision 0075: the page's one request in the arrival minute). The join gives the member a queue
// ticket (an HttpOnly cookie for this path, queue-ticket.ts): their asks are answered from it, without the
// session (decision 0061). When the member's turn has come, the answer carries their pass and sets it as a
// cookie for the hold API (decision 0056). Every answer says when to ask again (`pollAfterMs`). When the
// queue's store is down (an error), the answer says to go straight through (`phase: "over"`, `failOpen: true`);
// when it is only slow (the session or the queue not read in time), it says busy, still in line, ask again
// (`200 {phase: "busy"}`, with Retry-After), and lets nobody through.
import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import { admit } from '@/http/access';
import { streamQueueAnswers, wantsEventStream } from '@/http/queue-event-stream';
import { jsonRoute, type RouteContext } from '@/http/route';
import { FAIL_OPEN, STORE_BUSY, STORE_TIMEOUT_MS } from '@/modules/onsale/fail-open';
import { QUEUE_BUSY_RETRY_SECONDS } from '@/modules/onsale/queue-admission';
import { joinQueue } from '@/modules/onsale/join-queue';
import { passCookieName, PASS_MINUTES } from '@/modules/onsale/queue-pass';
import { queueStatus, shownStatus } from '@/modules/onsale/queue-status';
import { readTicket, signTicket, ticketCookieName, ticketCookiePath, TICKET_MAX_AGE_SECONDS } from '@/modules/onsale/queue-ticket';
import { AppError } from '@/server/errors';
import { getEnv } from '@/server/env';
import { log } from '@/server/log';
import { metrics } from '@/server/metrics';
import { TimedOut, within } from '@/universal/within-time';
import { getOnsaleDeps } from '@/wiring/onsale';

export const config = { api: { bodyParser: false } };

const onsaleId = z.uuid();

async function answer({ req, res }: RouteContext<unknown>, join: boolean) {
  const parsed = onsaleId.safeParse(req.query.id);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'onsaleNotFound');
  const id = parsed.data;
  const deps = await getOnsaleDeps();
  // An ask with a ticket is the ticket's member; a join, or an ask without one, reads the session.
  const ticket = join ? undefined : readTicket(req.cookies[ticketCookieName(id)], id, deps.secret);
  const member = ticket ? { userId: ticket.userId } : await signedIn(req, deps.storeTimeoutMs ?? STORE_TIMEOUT_MS, join ? JOIN_GATHER_MS : 0);
  if (member === STORE_BUSY) return busy(res);
  const { userId } = member;
  const joined = join ? await joinQueue(deps, id, userId) : undefined;
  if (joined === FAIL_OPEN) return { status: 200, body: { phase: 'over', failOpen: true } };
  if (joined === STORE_BUSY) return busy(res);
  const known = ticket ?? (joined?.position !== undefined ? { position: joined.position } : undefined);
  const status = await queueStatus(deps, id, userId, known);
  if (status === FAIL_OPEN) return { status: 200, body: { phase: 'over', failOpen: true } };
  if (status === STORE_BUSY) return busy(res);
  const secure = getEnv().siteUrl.startsWith('https:') ? '; Secure' : '';
  const cookies: string[] = [];
  const { place } = status;
  // The ticket, when the member has none yet or their place was drawn since.
  const position = place ?? (status.phase === 'prequeue' ? null : undefined);
  if (position !== undefined && (!ticket || ticket.position !== position)) {
    const token = signTicket({ onsaleId: id, userId, position }, deps.secret);
    cookies.push(`${ticketCookieName(id)}=${token}; Path=${ticketCookiePath(id)}; HttpOnly; SameSite=Lax; Max-Age=${TICKET_MAX_AGE_SECONDS}${secure}`);
  }
  if (status.pass) cookies.push(`${passCookieName(id)}=${status.pass}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${PASS_MINUTES * 60}${secure}`);
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  const shown = shownStatus(status, deps.now());
  // A join that asked for it and waits is answered as the stream itself: one request instead of two.
  if (join && wantsEventStream(req) && position !== undefined && (shown.phase === 'prequeue' || shown.phase === 'waiting')) {
    return { status: 200, body: shown, stream: (out: NextApiResponse) => streamQueueAnswers(out, deps, id, { userId, position }, shown) };
  }
  return { status: 200, body: shown };
}

/** How long a join's session read waits for others to share its query (decision 0081): the joins that come
 * within it are read together, and then join together (join-batches.ts). In the arrival minute a server takes
 * about 170 joins a second; each statement fewer is a round trip the event loop and the database are spared. */
const JOIN_GATHER_MS = 50;

/** The signed-in member; STORE_BUSY when the session is not read in time (the database is busy, not down). */
async function signedIn(req: NextApiRequest, ms: number, gatherMs: number) {
  try {
    return await within(admit('member', req, 'signInForQueue', { gatherMs }), ms);
  } catch (error) {
    if (!(error instanceof TimedOut)) throw error;
    log.warn('[onsale] the session was not read in time: the queue says busy', {});
    metrics().onsaleStoreSlow.inc();
    return STORE_BUSY;
  }
}

/** The store answered too slowly: still in line, nobody let through, ask again in a moment. */
function busy(res: NextApiResponse) {
  res.setHeader('Retry-After', String(QUEUE_BUSY_RETRY_SECONDS));
  return { status: 200, body: { phase: 'busy', busy: true } };
}

const read = jsonRoute({ method: 'GET', access: 'public', handle: (ctx) => answer(ctx, false) });
const join = jsonRoute({ method: 'POST', access: 'public', handle: (ctx) => answer(ctx, true) });

export default function onsaleQueue(req: NextApiRequest, res: NextApiResponse) {
  return req.method === 'POST' ? join(req, res) : read(req, res);
}
