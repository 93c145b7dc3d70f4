// The options of our own catalogue a manager plans: their product and capacity in the catalogue in force
// (currentCatalog(), decision 0055).
import { currentCatalog } from '@/config/catalog';
import { ATTRACTION } from '@/config/attraction';
import { AppError } from '@/server/errors';
import { todayIn } from '@/universal/local-date';

export type PlannedOption = { productId: string; optionId: string; capacity: number };

export function plannedOptions(): PlannedOption[] {
  return currentCatalog().products.flatMap((p) => p.options.map((o) => ({ productId: p.id, optionId: o.id, capacity: o.capacity })));
}

export function plannedOption(optionId: string): PlannedOption {
  const option = plannedOptions().find((o) => o.optionId === optionId);
  if (!option) throw new AppError('INVALID_FIELDS', 'unknownOptionId', { optionId });
  return option;
}

/** Days closed in the catalogue: a manager cannot reopen them on the calendar (they are the catalogue's,
 * edited on /staff/catalog). */
export function catalogClosed(date: string): boolean {
  return currentCatalog().closedDates.includes(date);
}

/** A day that can still change: today or later in the attraction's time zone. */
export function refusePast(date: string, now: Date): void {
  if (date < todayIn(ATTRACTION.timeZone, now)) throw new AppError('INVALID_FIELDS', 'dateInPast', { date });
}
