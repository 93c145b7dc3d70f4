// POST /api/octo/webhook: an external OCTO supplier tells us of a booking's change (Bearer
// OCTO_WEBHOOK_SECRET). A redeemed booking of one of our members earns the attendance token.
import { z } from 'zod';
import { creditVisit } from '@/modules/loyalty/redeem-tickets';
import { bearerMatches } from '@/server/api/bearer';
import { jsonRoute } from '@/server/api/json-route';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { kickLoyaltyWorker } from '@/server/loyalty-worker';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

const event = z.object({ booking: z.object({ uuid: z.string().min(1).max(100), status: z.string().max(40) }).passthrough() }).passthrough();

export default jsonRoute({
  method: 'POST',
  body: event,
  limitBytes: 256 * 1024,
  async handle({ req, body }) {
    const secret = getEnv().OCTO_WEBHOOK_SECRET;
    if (!secret) throw new AppError(404, 'NOT_FOUND', 'OCTO webhooks are off: set OCTO_WEBHOOK_SECRET');
    if (!bearerMatches(req, secret)) throw new AppError(401, 'UNAUTHORIZED', 'A valid webhook secret is required');
    const tokensEarned = body.booking.status === 'REDEEMED' ? await creditVisit(await getDb(), body.booking.uuid) : 0;
    if (tokensEarned > 0) kickLoyaltyWorker();
    return { status: 200, body: { received: true, tokensEarned } };
  },
});
