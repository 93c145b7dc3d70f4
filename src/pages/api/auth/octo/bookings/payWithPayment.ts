// POST /api/auth/octo/bookings/payWithPayment {productId, optionId, quantities, selectedTime}:
// holds the places and opens a payment session; answers {paymentSession, bookingId, expirationTime}.
// Rate-limited per member and per client address; the member's older unpaid hold is released. A hold an
// on-sale covers needs the pass of its queue, in the cookie the queue page received (decision 0056).
import { jsonRoute } from '@/http/route';
import { enforceBookingRateLimits } from '@/modules/checkout/booking-limits';
import { checkoutRequest } from '@/modules/checkout/checkout-request';
import { passCookieName } from '@/modules/onsale/queue-pass';
import { startQueuedCheckout } from '@/modules/onsale/queued-checkout';
import { getCheckoutDeps } from '@/wiring/checkout';
import { getOnsaleDeps } from '@/wiring/onsale';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'member',
  body: checkoutRequest,
  validationStatus: 400,
  async handle({ req, caller, body, locale, clientIp }) {
    const deps = await getCheckoutDeps();
    await enforceBookingRateLimits(deps.db, { userId: caller.userId, clientIp });
    const passOf = (onsaleId: string) => req.cookies[passCookieName(onsaleId)];
    return { status: 201, body: await startQueuedCheckout(deps, await getOnsaleDeps(), caller, body, locale, passOf) };
  },
});
