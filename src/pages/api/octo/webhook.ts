// POST /api/octo/webhook: an external OCTO supplier tells us of a booking's change (Bearer
// OCTO_WEBHOOK_SECRET). A redeemed booking of one of our members earns the attendance token.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { creditVisit } from '@/modules/loyalty/redeem-tickets';
import { getDb } from '@/server/db/client';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

const event = z.object({ booking: z.object({ uuid: z.string().min(1).max(100), status: z.string().max(40) }).passthrough() }).passthrough();

export default jsonRoute({
  method: 'POST',
  access: 'octo-webhook',
  body: event,
  limitBytes: 256 * 1024,
  async handle({ body }) {
    const tokensEarned = body.booking.status === 'REDEEMED' ? await creditVisit(await getDb(), body.booking.uuid) : 0;
    return { status: 200, body: { received: true, tokensEarned } };
  },
});
