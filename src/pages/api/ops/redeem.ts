// POST /api/ops/redeem {reference}: the gate scans a booking; its tickets become REDEEMED and the member
// earns the attendance token. For operators: Authorization: Bearer OPS_API_KEY (npm run ops -- redeem).
import crypto from 'node:crypto';
import { z } from 'zod';
import { redeemBooking } from '@/modules/loyalty/redeem-tickets';
import { jsonRoute } from '@/server/api/json-route';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { kickLoyaltyWorker } from '@/server/loyalty-worker';
import { DEMO_OPS_KEY } from '@/server/ops-key';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

function sameKey(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export default jsonRoute({
  method: 'POST',
  body: z.strictObject({ reference: z.string().trim().min(4).max(40) }),
  async handle({ req, body }) {
    const env = getEnv();
    const expected = env.OPS_API_KEY ?? (env.SKYPASS_DEMO ? DEMO_OPS_KEY : undefined);
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!expected) throw new AppError(404, 'NOT_FOUND', 'The operator API is off: set OPS_API_KEY');
    if (!given || !sameKey(given, expected)) throw new AppError(401, 'UNAUTHORIZED', 'A valid operator key is required');
    const redemption = await redeemBooking(await getDb(), body.reference);
    kickLoyaltyWorker();
    return { status: 200, body: redemption };
  },
});
