// POST /api/passes/buy {recipientEmail?} (members): records an annual pass (for the member, or a gift for
// the recipient) and its payment in the ledger, and answers {passId, paymentSession}; limited as Book is.
import { z } from 'zod';
import { memberPurchaseRoute } from '@/http/member-purchase-route';
import { buyPass } from '@/modules/passes/buy-pass';

export const config = { api: { bodyParser: false } };

const body = z.strictObject({ recipientEmail: z.email().max(254).optional() });

export default memberPurchaseRoute(body, async (deps, buyer, gift, locale) => {
  const { passId, paymentSession } = await buyPass(deps, buyer, gift, locale);
  return { passId, paymentSession };
});
