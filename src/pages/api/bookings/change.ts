// POST /api/bookings/change {bookingId, quantities, selectedTime, confirm?}: prices a change of the member's
// booking (confirm absent or false), or makes it (confirm true). Answers the quote: fromTotal, toTotal,
// refund, currency, lines, and changed. Quotes and changes are rate-limited per member and client address.
import { jsonRoute } from '@/http/route';
import { changeBooking } from '@/modules/bookings/change-booking';
import { changeRequest } from '@/modules/bookings/change-request';
import { enforceBookingRateLimits } from '@/modules/checkout/booking-limits';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'member',
  signInMessage: 'signInForBookings',
  body: changeRequest,
  validationStatus: 400,
  async handle({ caller, body, locale, clientIp }) {
    const deps = await getCheckoutDeps();
    await enforceBookingRateLimits(deps.db, { userId: caller.userId, clientIp }, body.confirm ? 'change' : 'quote');
    return { status: 200, body: await changeBooking(deps, caller, body, locale) };
  },
});
