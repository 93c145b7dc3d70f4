// The staff calendar's month: each day open or closed (with the reason and who closed it), and per
// option its slots' capacity and the places sold or held.
import { AppError } from '@/server/errors';
import { ATTRACTION } from '@/config/attraction';
import { addLocalDays, localDatesBetween, todayIn } from '@/universal/local-date';
import { catalogClosed, plannedOptions } from './catalog-options';
import { closuresBetween } from '../inventory/closures';
import { refuseSupplierOwned } from './supplier-owned';
import type { CalendarDeps } from './deps';
import { slotFigures } from './slot-figures';
import { serverNow } from '@/server/clock';

export type OptionDay = { productId: string; optionId: string; slots: number; capacity: number; taken: number; changed: boolean };

export type CalendarDay = {
  date: string;
  closed: boolean;
  /** The manager's reason; null for a day closed in the catalogue or open. */
  reason: string | null;
  closedBy: 'manager' | 'catalog' | null;
  past: boolean;
  options: OptionDay[];
};

export type CalendarMonth = { month: string; today: string; days: CalendarDay[] };

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export async function calendarMonth(deps: CalendarDeps, month: string): Promise<CalendarMonth> {
  if (!MONTH.test(month)) throw new AppError('VALIDATION', 'monthFormat');
  refuseSupplierOwned(deps);
  const at = (deps.now ?? serverNow)();
  const first = `${month}-01`;
  const last = addLocalDays(`${addLocalDays(first, 31).slice(0, 7)}-01`, -1);
  const [closures, perOption] = await Promise.all([
    closuresBetween(deps.db, first, last),
    Promise.all(plannedOptions().map((o) => slotFigures(deps, o, first, last, at).then((slots) => ({ option: o, slots })))),
  ]);
  const today = todayIn(ATTRACTION.timeZone, at);
  const days = localDatesBetween(first, last).map((date): CalendarDay => {
    const closure = closures.get(date);
    const byCatalog = catalogClosed(date);
    return {
      date,
      closed: Boolean(closure) || byCatalog,
      reason: closure?.reason ?? null,
      closedBy: closure ? 'manager' : byCatalog ? 'catalog' : null,
      past: date < today,
      options: perOption.map(({ option, slots }) => {
        const day = slots.filter((s) => s.localDate === date);
        return {
          productId: option.productId,
          optionId: option.optionId,
          slots: day.length,
          capacity: day.reduce((n, s) => n + s.capacity, 0),
          taken: day.reduce((n, s) => n + s.taken, 0),
          changed: day.some((s) => s.capacity !== s.catalogCapacity),
        };
      }),
    };
  });
  return { month, today, days };
}
