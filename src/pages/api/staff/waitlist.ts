// GET /api/staff/waitlist?date=yyyy-MM-dd: the day's waitlists, per slot, in line (staff). Without a
// date: today in the attraction's time zone.
import { dayOrToday, optionalDay } from '@/http/day-query';
import { jsonRoute } from '@/http/route';
import { waitlistOfDay } from '@/modules/waitlist/staff-waitlist';
import { getDb } from '@/server/db/client';

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ req }) {
    const { date } = optionalDay.parse(req.query);
    return { status: 200, body: { slots: await waitlistOfDay(await getDb(), dayOrToday(date)) } };
  },
});
