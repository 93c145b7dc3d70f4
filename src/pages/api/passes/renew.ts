// POST /api/passes/renew {passId} (the holder): opens the payment of a renewal, from 30 days before the
// pass's end (config/catalog.json); paid, it extends the end by a year from the old end (decision 0051).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { enforceBookingRateLimits } from '@/modules/checkout/booking-limits';
import { renewPass } from '@/modules/passes/buy-pass';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

const body = z.strictObject({ passId: z.guid() });

export default jsonRoute({
  method: 'POST',
  access: 'member',
  body,
  validationStatus: 400,
  async handle({ caller, body, locale, clientIp }) {
    const deps = await getCheckoutDeps();
    await enforceBookingRateLimits(deps.db, { userId: caller.userId, clientIp });
    const { passId, paymentSession } = await renewPass(deps, caller, body.passId, locale);
    return { status: 201, body: { passId, paymentSession } };
  },
});
