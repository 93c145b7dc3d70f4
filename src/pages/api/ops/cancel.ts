// POST /api/ops/cancel {reference, refund: "full" | "none" | cents, reason?}: a booking cancelled by the
// operator's key (npm run ops -- cancel), exactly as a manager does in the console.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: z.strictObject({
    reference: z.string().trim().min(4).max(40),
    refund: z.union([z.literal('full'), z.literal('none'), z.number().int()]),
    reason: z.string().trim().max(200).optional(),
  }),
  async handle({ body }) {
    const refund = body.refund === 'full' ? { kind: 'full' as const } : body.refund === 'none' ? { kind: 'none' as const } : { kind: 'partial' as const, amount: body.refund };
    return { status: 200, body: await cancelBooking(await getCheckoutDeps(), { reference: body.reference, refund, reason: body.reason || undefined, by: { kind: 'operator' } }) };
  },
});
