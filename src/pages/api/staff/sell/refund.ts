// POST /api/staff/sell/refund {reference}: refunds a booking at the counter in full and cancels it: cash from
// the caller's open till, a card's to the card (decision 0053).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { refundAtCounter } from '@/modules/box-office/counter-refund';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'boxoffice',
  body: z.strictObject({ reference: z.string().trim().min(4).max(40) }),
  async handle({ caller, body }) {
    return { status: 200, body: await refundAtCounter(await getCheckoutDeps(), caller, body.reference) };
  },
});
