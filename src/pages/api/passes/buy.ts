// POST /api/passes/buy {recipientEmail?} (members): records an annual pass (for the member, or a gift for
// the recipient) and its payment in the ledger, and answers {passId, paymentSession}; limited as Book is.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { enforceBookingRateLimits } from '@/modules/checkout/booking-limits';
import { buyPass } from '@/modules/passes/buy-pass';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

const body = z.strictObject({ recipientEmail: z.email().max(254).optional() });

export default jsonRoute({
  method: 'POST',
  access: 'member',
  body,
  validationStatus: 400,
  async handle({ caller, body, locale, clientIp }) {
    const deps = await getCheckoutDeps();
    await enforceBookingRateLimits(deps.db, { userId: caller.userId, clientIp });
    const { passId, paymentSession } = await buyPass(deps, caller, body, locale);
    return { status: 201, body: { passId, paymentSession } };
  },
});
