// POST /api/staff/bookings/cancel {reference, refund: "full" | "none" | cents, reason?, refundTo?} (managers):
// the booking is cancelled, its places return to the slot, the refund goes back (refundTo "gift_card": onto
// a new gift card for the booker, decision 0052) and the member is e-mailed.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  body: z.strictObject({
    reference: z.string().trim().min(4).max(40),
    refund: z.union([z.literal('full'), z.literal('none'), z.number().int()]),
    reason: z.string().trim().max(200).optional(),
    refundTo: z.enum(['payment', 'gift_card']).optional(),
  }),
  async handle({ body, caller }) {
    const refund = body.refund === 'full' ? { kind: 'full' as const } : body.refund === 'none' ? { kind: 'none' as const } : { kind: 'partial' as const, amount: body.refund };
    const cancellation = await cancelBooking(await getCheckoutDeps(), {
      reference: body.reference,
      refund,
      reason: body.reason || undefined,
      refundTo: body.refundTo,
      by: { kind: 'staff', userId: caller.userId, email: caller.email },
    });
    return { status: 200, body: cancellation };
  },
});
