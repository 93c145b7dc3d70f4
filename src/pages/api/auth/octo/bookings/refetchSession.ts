// POST /api/auth/octo/bookings/refetchSession?uuid={bookingId}: the member's own payment session and
// expiry, with the order (memberPaymentSession; the checkout page renders the same on the server).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { memberPaymentSession } from '@/modules/checkout/member-payment-session';
import { getCheckoutDeps } from '@/wiring/checkout';

const query = z.object({ uuid: z.string({ error: 'noBookingId' }).min(1, 'noBookingId').max(100, 'noBookingId') });

export default jsonRoute({
  method: 'POST',
  access: 'member',
  validationStatus: 400,
  async handle({ req, caller }) {
    const { uuid } = query.parse(req.query);
    return { status: 200, body: await memberPaymentSession(await getCheckoutDeps(), caller.userId, uuid) };
  },
});
