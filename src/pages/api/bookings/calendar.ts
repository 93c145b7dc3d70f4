// GET /api/bookings/calendar?booking={reference or id}: the member's booking as a calendar file (.ics).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { bookingCalendar } from '@/modules/bookings/booking-calendar';
import { bookingKey } from '@/modules/bookings/change-request';
import { getCheckoutDeps } from '@/wiring/checkout';

const query = z.object({ booking: bookingKey });

export default jsonRoute({
  method: 'GET',
  access: 'member',
  signInMessage: 'signInForBookings',
  validationStatus: 400,
  async handle({ caller, req }) {
    const { booking } = query.parse(req.query);
    const file = await bookingCalendar(await getCheckoutDeps(), caller.userId, booking);
    return { status: 200, body: file.ics, download: { filename: `${file.reference}.ics`, contentType: 'text/calendar; charset=utf-8' } };
  },
});
