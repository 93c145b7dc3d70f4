// GET /api/staff/bookings?q=: bookings found by reference, e-mail or name, newest first (staff).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { findBookings } from '@/modules/bookings/find-bookings';
import { getDb } from '@/server/db/client';
import { ownsInventory } from '@/wiring/supplier';

const query = z.object({ q: z.string().max(200, 'fieldTooLong').default('') });

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ req }) {
    const { q } = query.parse(req.query);
    return { status: 200, body: { bookings: await findBookings(await getDb(), q, ownsInventory()) } };
  },
});
