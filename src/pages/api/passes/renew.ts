// POST /api/passes/renew {passId} (the holder): opens the payment of a renewal, from 30 days before the
// pass's end (config/catalog.json); paid, it extends the end by a year from the old end (decision 0051).
import { z } from 'zod';
import { memberPurchaseRoute } from '@/http/member-purchase-route';
import { renewPass } from '@/modules/passes/buy-pass';

export const config = { api: { bodyParser: false } };

const body = z.strictObject({ passId: z.guid() });

export default memberPurchaseRoute(body, async (deps, holder, { passId }, locale) => {
  const renewal = await renewPass(deps, holder, passId, locale);
  return { passId: renewal.passId, paymentSession: renewal.paymentSession };
});
