// POST /api/bookings/cancel {bookingId, confirm?, expectedRefund?}: the terms of cancelling the member's
// booking now (without confirm), or the cancellation (confirm true, with the refund the member was shown).
// Both are rate-limited per member and client address, like changes and their quotes.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { bookingKey } from '@/modules/bookings/change-request';
import { cancelOwnBooking } from '@/modules/bookings/member-cancel';
import { enforceBookingRateLimits } from '@/modules/checkout/booking-limits';
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
  async handle({ caller, body, clientIp }) {
    const deps = await getCheckoutDeps();
    await enforceBookingRateLimits(deps.db, { userId: caller.userId, clientIp }, body.confirm ? 'change' : 'quote');
    const result = await cancelOwnBooking(deps, caller, body);
    return { status: 200, body: result };
  },
});
