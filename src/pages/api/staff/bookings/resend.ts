// POST /api/staff/bookings/resend {reference}: the tickets e-mail again, to the member (staff).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { resendTickets } from '@/modules/bookings/resend-tickets';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'staff',
  body: z.strictObject({ reference: z.string().trim().min(4).max(40) }),
  async handle({ body, caller }) {
    const deps = await getCheckoutDeps();
    return { status: 200, body: await resendTickets(deps, body.reference, { kind: 'staff', userId: caller.userId, email: caller.email }) };
  },
});
