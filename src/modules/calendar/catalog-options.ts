// The options of our own catalogue a manager plans: their product and capacity in config/catalog.json.
import { CATALOG } from '@/config/catalog';
import { ATTRACTION } from '@/config/attraction';
import { AppError } from '@/server/errors';
import { todayIn } from '@/universal/local-date';

export type PlannedOption = { productId: string; optionId: string; capacity: number };

export const PLANNED_OPTIONS: PlannedOption[] = CATALOG.products.flatMap((p) => p.options.map((o) => ({ productId: p.id, optionId: o.id, capacity: o.capacity })));

export function plannedOption(optionId: string): PlannedOption {
  const option = PLANNED_OPTIONS.find((o) => o.optionId === optionId);
  if (!option) throw new AppError('INVALID_FIELDS', 'unknownOptionId', { optionId });
  return option;
}

/** Days closed in config/catalog.json: a manager cannot reopen them (the file is the owner's). */
export const CATALOG_CLOSED = new Set(CATALOG.closedDates);

/** A day that can still change: today or later in the attraction's time zone. */
export function refusePast(date: string, now: Date): void {
  if (date < todayIn(ATTRACTION.timeZone, now)) throw new AppError('INVALID_FIELDS', 'dateInPast', { date });
}
