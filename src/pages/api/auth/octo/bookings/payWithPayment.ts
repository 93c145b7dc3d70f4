// POST /api/auth/octo/bookings/payWithPayment {productId, optionId, quantities, selectedTime}:
// holds the places and opens a payment session; answers {paymentSession, bookingId, expirationTime}.
import { jsonRoute } from '@/http/route';
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
  async handle({ caller, body, locale }) {
    return { status: 201, body: await startCheckout(await getCheckoutDeps(), caller, body, locale) };
  },
});
