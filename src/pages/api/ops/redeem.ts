// POST /api/ops/redeem {reference}: the gate scans a booking; its tickets become REDEEMED and the member
// earns the attendance token. For operators: Authorization: Bearer OPS_API_KEY (npm run ops -- redeem).
import { z } from 'zod';
import { redeemBooking } from '@/modules/loyalty/redeem-tickets';
import { jsonRoute } from '@/server/api/json-route';
import { getDb } from '@/server/db/client';
import { kickLoyaltyWorker } from '@/server/loyalty-worker';
import { requireOperator } from '@/server/ops-key';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  body: z.strictObject({ reference: z.string().trim().min(4).max(40) }),
  async handle({ req, body }) {
    requireOperator(req);
    const redemption = await redeemBooking(await getDb(), body.reference);
    kickLoyaltyWorker();
    return { status: 200, body: redemption };
  },
});
