// GET /api/staff/bookings/detail?reference=SKY-…: one booking with its payment, tickets, admissions and
// cancellation (staff).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { bookingDetail } from '@/modules/bookings/find-bookings';
import { getDb } from '@/server/db/client';
import { ownsInventory } from '@/wiring/supplier';

const query = z.object({ reference: z.string().trim().min(4, 'fieldRequired').max(40, 'fieldTooLong') });

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ req }) {
    const { reference } = query.parse(req.query);
    return { status: 200, body: await bookingDetail(await getDb(), reference, ownsInventory()) };
  },
});
