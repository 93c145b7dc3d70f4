// A manager (or the operator) closes a day: no new sales on it, on the site and over OCTO; the
// bookings already made stay valid. Closing a closed day again replaces its reason (idempotent).
// The closure and its audit entry are one transaction.
import { signalCalendarChanged } from '@/server/db/calendar-changed';
import { AppError } from '@/server/errors';
import { isLocalDate } from '@/universal/local-date';
import { recordAudit, type Actor } from '../staff/audit-log';
import { refusePast } from './catalog-options';
import { bookingsOnDay } from '../inventory/bookings-on-day';
import { writeClosure } from '../inventory/day-closure-writes';
import type { CalendarDeps } from './deps';
import { refuseSupplierOwned } from './supplier-owned';
import { serverNow } from '@/server/clock';

export const REASON_MAX = 200;

export type DayChange = { date: string; closed: boolean; reason: string | null; changed: boolean; bookings: number };

const actorName = (by: Actor) => (by.kind === 'operator' ? 'operator' : by.email);

export async function closeDay(deps: CalendarDeps, input: { date: string; reason: string; by: Actor }): Promise<DayChange> {
  const at = (deps.now ?? serverNow)();
  const reason = input.reason.trim();
  if (!isLocalDate(input.date)) throw new AppError('VALIDATION', 'dateFormat');
  if (!reason || reason.length > REASON_MAX) throw new AppError('INVALID_FIELDS', 'closeReasonRequired', { max: REASON_MAX });
  refusePast(input.date, at);
  refuseSupplierOwned(deps);
  const changed = await deps.db.transaction(async (tx) => {
    const written = await writeClosure(tx, { date: input.date, reason, closedBy: actorName(input.by), at });
    if (!written.changed) return false;
    await recordAudit(tx, {
      actor: input.by,
      action: 'day.close',
      target: input.date,
      before: written.before !== null ? { closed: true, reason: written.before } : { closed: false },
      after: { closed: true, reason },
    });
    return true;
  });
  if (changed) signalCalendarChanged();
  return { date: input.date, closed: true, reason, changed, bookings: await bookingsOnDay(deps.db, input.date, at) };
}
