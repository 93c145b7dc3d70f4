// GET /api/staff/sell/booking?reference=SKY-…: a booking as the counter refunds it: its total, how it was paid
// and what a refund gives back now (decision 0053).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { counterBooking } from '@/modules/box-office/counter-refund';
import { getCheckoutDeps } from '@/wiring/checkout';

const query = z.object({ reference: z.string().trim().min(4, 'fieldRequired').max(40, 'fieldTooLong') });

export default jsonRoute({
  method: 'GET',
  access: 'boxoffice',
  async handle({ req }) {
    const { reference } = query.parse(req.query);
    return { status: 200, body: await counterBooking(await getCheckoutDeps(), reference) };
  },
});
