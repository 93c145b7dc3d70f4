// GET /api/staff/reports?from=yyyy-MM-dd&to=yyyy-MM-dd: sales, visits, members and tokens of the period
// (managers; the last 30 days without dates).
import { jsonRoute } from '@/http/route';
import { reportFor } from '@/modules/reports/report-request';
import { getDb } from '@/server/db/client';
import { ownsInventory } from '@/wiring/supplier';

export default jsonRoute({
  method: 'GET',
  access: 'manager',
  validationStatus: 400,
  async handle({ req }) {
    return { status: 200, body: await reportFor(await getDb(), req.query, ownsInventory()) };
  },
});
