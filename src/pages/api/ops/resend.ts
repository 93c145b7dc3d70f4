// POST /api/ops/resend {reference}: the tickets e-mail again, to the member (npm run ops -- resend), as
// staff resend it from the console.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { resendTickets } from '@/modules/bookings/resend-tickets';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: z.strictObject({ reference: z.string().trim().min(4).max(40) }),
  async handle({ body }) {
    return { status: 200, body: await resendTickets(await getCheckoutDeps(), body.reference, { kind: 'operator' }) };
  },
});
