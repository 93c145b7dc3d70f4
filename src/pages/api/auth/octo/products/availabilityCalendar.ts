// POST /api/auth/octo/products/availabilityCalendar {productId, optionId, quantities?, month}: which
// days of a month are open, sold out or closed (with a manager's reason), for the ticket page's calendar.
import { getSupplier } from '@/wiring/supplier';
import { calendarRequest } from '@/modules/catalog/availability-request';
import { checkCalendar } from '@/modules/catalog/check-availability';
import { closureReasons } from '@/modules/inventory/closures';
import { getDb } from '@/server/db/client';
import { jsonRoute } from '@/http/route';
import { serverNow } from '@/server/clock';
import { memberChoices } from '@/wiring/member-choices';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'public',
  body: calendarRequest,
  validationStatus: 400,
  async handle({ body, req }) {
    const db = await getDb();
    const member = await memberChoices(req);
    return { status: 200, body: await checkCalendar(await getSupplier(), body, serverNow(), (first, last) => closureReasons(db, first, last), member) };
  },
});
