// The calendar file of a member's booking, as the booking is now: its SEQUENCE counts the changes made.
import { count, eq } from 'drizzle-orm';
import { bookingChanges } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { CheckoutDeps } from '../checkout/deps';
import { orderCalendar } from './booking-ics';
import { memberBooking } from './member-booking';

export async function bookingCalendar(deps: Pick<CheckoutDeps, 'db' | 'supplier' | 'siteUrl'>, userId: string, referenceOrId: string) {
  const order = await memberBooking(deps.db, userId, referenceOrId);
  if (order.status !== 'CONFIRMED') throw new AppError('NOT_FOUND', 'bookingNotFound');
  const booking = await deps.supplier.getBooking(order.bookingUuid);
  const [{ changes = 0 } = {}] = await deps.db.select({ changes: count() }).from(bookingChanges).where(eq(bookingChanges.orderId, order.id));
  const end = booking.availability?.localDateTimeEnd ?? order.availabilityId;
  return { reference: order.supplierReference, ics: orderCalendar(order, end, deps.siteUrl, changes) };
}
