// GET /api/staff/till: the caller's open till shift at the box office, with its cash so far, or null (decision 0053).
import { jsonRoute } from '@/http/route';
import { openShiftOf, shiftView } from '@/modules/box-office/till';
import { getDb } from '@/server/db/client';

export default jsonRoute({
  method: 'GET',
  access: 'boxoffice',
  async handle({ caller }) {
    const db = await getDb();
    const open = await openShiftOf(db, caller.userId);
    return { status: 200, body: { shift: open ? await shiftView(db, open) : null } };
  },
});
