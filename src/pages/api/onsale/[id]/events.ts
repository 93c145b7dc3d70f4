// GET /api/onsale/{id}/events: the waiting room's answers, pushed (server-sent events, decision 0073), for a
// page whose join's own stream (decision 0075) was cut. Needs the queue ticket the join gave (POST
// /api/onsale/{id}); each event's data is what GET /api/onsale/{id} would have answered then, or
// `{"ask":true}`: ask that now (the turn came, or the store could not say), after which the stream ends. It
// also ends after an answer that ends the wait (sold out, over). Refused (JSON, as every API error): another
// method (405), unsafe input (400), an id that is not an on-sale's (404), no ticket of this on-sale (401).
import type { NextApiRequest, NextApiResponse } from 'next';
import { z } from 'zod';
import { refuseUnsafeInput } from '@/http/input-hygiene';
import { observed } from '@/http/observed';
import { streamQueueAnswers } from '@/http/queue-event-stream';
import { sendError } from '@/http/route';
import { readTicket, ticketCookieName } from '@/modules/onsale/queue-ticket';
import { AppError } from '@/server/errors';
import { requestLocale } from '@/server/i18n';
import { getOnsaleDeps } from '@/wiring/onsale';

export const config = { api: { bodyParser: false } };

async function events(req: NextApiRequest, res: NextApiResponse): Promise<void> {
  const locale = requestLocale(req);
  try {
    if (req.method !== 'GET') throw new AppError('METHOD_NOT_ALLOWED', 'methodNotAllowed', { method: 'GET' }, { Allow: 'GET' });
    refuseUnsafeInput(req);
    const parsed = z.uuid().safeParse(req.query.id);
    if (!parsed.success) throw new AppError('NOT_FOUND', 'onsaleNotFound');
    const onsaleId = parsed.data;
    const deps = await getOnsaleDeps();
    const ticket = readTicket(req.cookies[ticketCookieName(onsaleId)], onsaleId, deps.secret);
    if (!ticket) throw new AppError('UNAUTHORIZED', 'signInForQueue');
    await streamQueueAnswers(res, deps, onsaleId, { userId: ticket.userId, position: ticket.position });
  } catch (error) {
    sendError(res, error, locale);
  }
}

export default observed('/api/onsale/[id]/events', events);
