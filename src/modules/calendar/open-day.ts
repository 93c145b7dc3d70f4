// A manager (or the operator) reopens a day they closed. A day closed in config/catalog.json stays
// closed (409): the catalogue is the owner's file. Reopening an open day changes nothing.
import { AppError } from '@/server/errors';
import { isLocalDate } from '@/universal/local-date';
import { recordAudit, type Actor } from '../staff/audit-log';
import { catalogClosed, refusePast } from './catalog-options';
import { bookingsOnDay } from '../inventory/bookings-on-day';
import { removeClosure } from '../inventory/day-closure-writes';
import { refuseSupplierOwned } from './supplier-owned';
import type { DayChange } from './close-day';
import type { CalendarDeps } from './deps';
import { signalCalendarChanged } from '@/server/db/calendar-changed';
import { enqueuePlacesFreed } from '../waitlist/places-freed';
import { serverNow } from '@/server/clock';

export async function openDay(deps: CalendarDeps, input: { date: string; by: Actor }): Promise<DayChange> {
  const at = (deps.now ?? serverNow)();
  if (!isLocalDate(input.date)) throw new AppError('VALIDATION', 'dateFormat');
  refusePast(input.date, at);
  refuseSupplierOwned(deps);
  if (catalogClosed(input.date)) throw new AppError('CLOSED_IN_CATALOG', 'closedInCatalog', { date: input.date });
  const changed = await deps.db.transaction(async (tx) => {
    const removed = await removeClosure(tx, input.date);
    if (removed === undefined) return false;
    await recordAudit(tx, { actor: input.by, action: 'day.open', target: input.date, before: { closed: true, reason: removed }, after: { closed: false } });
    await enqueuePlacesFreed(tx);
    return true;
  });
  if (changed) signalCalendarChanged();
  return { date: input.date, closed: false, reason: null, changed, bookings: await bookingsOnDay(deps.db, input.date, at) };
}
