// POST /api/ops/redeem {reference}: the gate scans a booking; its tickets become REDEEMED at the supplier
// and the member earns the attendance token. Authorization: Bearer OPS_API_KEY (npm run ops -- redeem).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { redeemBooking } from '@/modules/loyalty/redeem-tickets';
import { getDb } from '@/server/db/client';
import { getSupplier } from '@/wiring/supplier';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: z.strictObject({ reference: z.string().trim().min(4).max(40) }),
  async handle({ body }) {
    return { status: 200, body: await redeemBooking(await getDb(), await getSupplier(), body.reference) };
  },
});
