// POST /api/auth/octo/bookings/payWithPayment {productId, optionId, quantities, selectedTime}:
// holds the places and opens a payment session; answers {paymentSession, bookingId, expirationTime}.
import { checkoutRequest } from '@/modules/checkout/checkout-request';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { jsonRoute } from '@/server/api/json-route';
import { requireApiMember } from '@/server/auth/require-api-member';
import { getCheckoutDeps } from '@/server/checkout-deps';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  body: checkoutRequest,
  validationStatus: 400,
  async handle({ req, res, body, locale }) {
    const member = await requireApiMember(req, res);
    return { status: 201, body: await startCheckout(await getCheckoutDeps(), member, body, locale) };
  },
});
