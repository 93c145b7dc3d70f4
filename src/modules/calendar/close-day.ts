// A manager (or the operator) closes a day: no new sales on it, on the site and over OCTO; the
// bookings already made stay valid. Closing a closed day again replaces its reason (idempotent).
// The closure and its audit entry are one transaction.
import { eq } from 'drizzle-orm';
import { dayClosures } from '@/server/db/schema';
import { signalCalendarChanged } from '@/server/db/calendar-changed';
import { AppError } from '@/server/errors';
import { isLocalDate } from '@/universal/local-date';
import { recordAudit, type Actor } from '../staff/audit-log';
import { refusePast } from './catalog-options';
import { bookingsOnDay } from './closures';
import type { CalendarDeps } from './deps';

export const REASON_MAX = 200;

export type DayChange = { date: string; closed: boolean; reason: string | null; changed: boolean; bookings: number };

const actorName = (by: Actor) => (by.kind === 'operator' ? 'operator' : by.email);

export async function closeDay(deps: CalendarDeps, input: { date: string; reason: string; by: Actor }): Promise<DayChange> {
  const at = (deps.now ?? (() => new Date()))();
  const reason = input.reason.trim();
  if (!isLocalDate(input.date)) throw new AppError('VALIDATION', 'dateFormat');
  if (!reason || reason.length > REASON_MAX) throw new AppError('INVALID_FIELDS', 'closeReasonRequired', { max: REASON_MAX });
  refusePast(input.date, at);
  const changed = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(dayClosures).where(eq(dayClosures.localDate, input.date)).for('update');
    if (before?.reason === reason) return false;
    const row = { localDate: input.date, reason, closedBy: actorName(input.by), closedAt: at };
    await tx.insert(dayClosures).values(row).onConflictDoUpdate({ target: dayClosures.localDate, set: { reason, closedBy: row.closedBy, closedAt: at } });
    await recordAudit(tx, {
      actor: input.by,
      action: 'day.close',
      target: input.date,
      before: before ? { closed: true, reason: before.reason } : { closed: false },
      after: { closed: true, reason },
    });
    return true;
  });
  if (changed) signalCalendarChanged();
  return { date: input.date, closed: true, reason, changed, bookings: await bookingsOnDay(deps.db, input.date, at) };
}
