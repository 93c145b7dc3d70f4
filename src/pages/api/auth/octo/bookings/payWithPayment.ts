// POST /api/auth/octo/bookings/payWithPayment {productId, optionId, quantities, selectedTime}:
// holds the places and opens a payment session; answers {paymentSession, bookingId, expirationTime}.
// Rate-limited per member and per client address; the member's older unpaid hold is released.
import { jsonRoute } from '@/http/route';
import { enforceBookingRateLimits } from '@/modules/checkout/booking-limits';
import { checkoutRequest } from '@/modules/checkout/checkout-request';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { getCheckoutDeps } from '@/wiring/checkout';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'member',
  body: checkoutRequest,
  validationStatus: 400,
  async handle({ caller, body, locale, clientIp }) {
    const deps = await getCheckoutDeps();
    await enforceBookingRateLimits(deps.db, { userId: caller.userId, clientIp });
    return { status: 201, body: await startCheckout(deps, caller, body, locale) };
  },
});
