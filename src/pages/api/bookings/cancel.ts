// POST /api/bookings/cancel {bookingId, confirm?, expectedRefund?}: the terms of cancelling the member's
// booking now (without confirm), or the cancellation (confirm true, with the refund the member was shown).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { bookingKey } from '@/modules/bookings/change-request';
import { cancelOwnBooking } from '@/modules/bookings/member-cancel';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

const body = z.strictObject({
  bookingId: bookingKey,
  confirm: z.boolean().optional(),
  expectedRefund: z.number().int().min(0).optional(),
});

export default jsonRoute({
  method: 'POST',
  access: 'member',
  signInMessage: 'signInForBookings',
  body,
  validationStatus: 400,
  async handle({ caller, body }) {
    const result = await cancelOwnBooking(await getCheckoutDeps(), caller, body);
    return { status: 200, body: result };
  },
});
