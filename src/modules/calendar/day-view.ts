// One day of the staff calendar: open or closed, the bookings a closure leaves valid, and every slot
// of every option with its capacity (and the catalogue's) and the places sold or held.
import { AppError } from '@/server/errors';
import { ATTRACTION } from '@/config/attraction';
import { isLocalDate, todayIn } from '@/universal/local-date';
import { catalogClosed, plannedOptions } from './catalog-options';
import { bookingsOnDay } from '../inventory/bookings-on-day';
import { closuresBetween } from '../inventory/closures';
import { refuseSupplierOwned } from './supplier-owned';
import type { CalendarDeps } from './deps';
import { slotFigures } from './slot-figures';
import { serverNow } from '@/server/clock';

export type DaySlot = { availabilityId: string; time: string; capacity: number; catalogCapacity: number; taken: number; status: string };

export type CalendarDayDetail = {
  date: string;
  closed: boolean;
  reason: string | null;
  closedBy: 'manager' | 'catalog' | null;
  closedAt: string | null;
  past: boolean;
  bookings: number;
  options: { productId: string; optionId: string; slots: DaySlot[] }[];
};

export async function calendarDay(deps: CalendarDeps, date: string): Promise<CalendarDayDetail> {
  if (!isLocalDate(date)) throw new AppError('VALIDATION', 'dateFormat');
  refuseSupplierOwned(deps);
  const at = (deps.now ?? serverNow)();
  const [closures, count, options] = await Promise.all([
    closuresBetween(deps.db, date, date),
    bookingsOnDay(deps.db, date, at),
    Promise.all(plannedOptions().map(async (o) => ({ productId: o.productId, optionId: o.optionId, slots: await slotFigures(deps, o, date, date, at) }))),
  ]);
  const closure = closures.get(date);
  const byCatalog = catalogClosed(date);
  return {
    date,
    closed: Boolean(closure) || byCatalog,
    reason: closure?.reason ?? null,
    closedBy: closure ? 'manager' : byCatalog ? 'catalog' : null,
    closedAt: closure?.closedAt ?? null,
    past: date < todayIn(ATTRACTION.timeZone, at),
    bookings: count,
    options: options.map((o) => ({
      ...o,
      slots: o.slots.map(({ availabilityId, time, capacity, catalogCapacity, taken, status }) => ({ availabilityId, time, capacity, catalogCapacity, taken, status })),
    })),
  };
}
