// GET /api/staff/gate/offline?date=yyyy-MM-dd[&since=ISO]: what a gate holds to admit without the network
// (decision 0054): the day's tickets, the public keys, cancelled and admitted tickets; with `since`, what
// changed since then (the gates poll it every few seconds) (staff).
import { z } from 'zod';
import { dayOrToday, optionalDay } from '@/http/day-query';
import { jsonRoute } from '@/http/route';
import { offlineBundle } from '@/modules/gate/offline-bundle';
import { getGateDeps } from '@/wiring/gate';

const query = optionalDay.extend({ since: z.iso.datetime({ offset: true }).optional() });

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ req, res }) {
    const { date, since } = query.parse(req.query);
    // The day's tickets name people's bookings: kept by the gate's own store, never by a cache on the way.
    res.setHeader('Cache-Control', 'no-store');
    return { status: 200, body: await offlineBundle(await getGateDeps(), dayOrToday(date), since ? new Date(since) : undefined) };
  },
});
