// Each slot of an option over some days: its capacity now (a manager's or the catalogue's), the places
// sold or held, and its status, as the supplier serves them to visitors and resellers.
import { topTier } from '@/config/member-places';
import { placesTaken } from '../inventory/places-taken';
import type { CalendarDeps } from './deps';
import type { PlannedOption } from './catalog-options';

export type SlotFigures = {
  availabilityId: string;
  localDate: string;
  /** "HH:mm" in the attraction's time zone. */
  time: string;
  start: Date;
  capacity: number;
  catalogCapacity: number;
  taken: number;
  status: string;
};

export async function slotFigures(deps: CalendarDeps, option: PlannedOption, firstDate: string, lastDate: string, at: Date): Promise<SlotFigures[]> {
  // Staff see every place, those kept for members and the member-only slots too (decision 0041).
  const slots = await deps.supplier.availability({ productId: option.productId, optionId: option.optionId, localDateStart: firstDate, localDateEnd: lastDate, memberTier: topTier() });
  if (slots.length === 0) return [];
  const starts = slots.map((s) => new Date(s.localDateTimeStart));
  const taken = await placesTaken(deps.db, option.optionId, starts[0]!, starts[starts.length - 1]!, at);
  return slots.map((s, i) => ({
    availabilityId: s.id,
    localDate: s.localDateTimeStart.slice(0, 10),
    time: s.localDateTimeStart.slice(11, 16),
    start: starts[i]!,
    capacity: s.capacity ?? option.capacity,
    catalogCapacity: option.capacity,
    taken: taken.get(starts[i]!.getTime()) ?? 0,
    status: s.status,
  }));
}
