// GET /api/staff/till/shifts: the newest till shifts of every staff member, with expected, counted and the
// difference (managers; decision 0053).
import { jsonRoute } from '@/http/route';
import { listShifts } from '@/modules/box-office/till';
import { getDb } from '@/server/db/client';

export default jsonRoute({
  method: 'GET',
  access: 'manager',
  async handle() {
    return { status: 200, body: { shifts: await listShifts(await getDb()) } };
  },
});
