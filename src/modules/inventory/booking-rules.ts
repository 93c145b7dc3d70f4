// The rules a new or changed booking of our inventory must meet before any place is taken: known units
// within their ranges, children and infants with an adult, a slot still on sale, a hold of sensible length. Refusals are OCTO's errors.
import { ATTRACTION } from '@/config/attraction';
import { currentCatalog } from '@/config/catalog';
import { SupplierError, type UnitItemInput } from '@/ports/supplier';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { findUnit, type Catalog, type OptionRow, type UnitRow } from './catalog';
import { slotForAvailabilityId, type Slot } from './schedule';

const DEFAULT_HOLD_MINUTES = 30;
const MAX_HOLD_MINUTES = 24 * 60;

/** The units a unit must be booked with (OCTO's accompaniedBy): a child or an infant comes with an adult
 * or a senior of the same option; others come alone. The OCTO shape says it and checkUnits applies it. */
export function companionsOf(unit: Pick<UnitRow, 'type'>, option: OptionRow): string[] {
  if (unit.type !== 'CHILD' && unit.type !== 'INFANT') return [];
  return option.units.filter((u) => u.type === 'ADULT' || u.type === 'SENIOR').map((u) => u.id);
}

/** `extraUnits`: a member's tier may book that many more than the option's and each unit's maximum (the
 * website only, decision 0038). */
export function checkUnits(option: OptionRow, requested: { unitId: string; quantity: number }[], extraUnits = 0): number {
  for (const r of requested) {
    const unit = findUnit(option, r.unitId);
    if (!Number.isInteger(r.quantity) || r.quantity < 0) {
      throw new SupplierError('BAD_REQUEST', `The quantity of ${unit.id} must be a whole number of 0 or more`);
    }
    const maxQuantity = unit.maxQuantity + extraUnits;
    if (r.quantity > maxQuantity || (r.quantity > 0 && r.quantity < unit.minQuantity)) {
      throw new SupplierError('UNPROCESSABLE_ENTITY', `Validation failed: ${unit.id} takes ${unit.minQuantity} to ${maxQuantity}`, {}, {
        reason: 'UNIT_QUANTITY',
        unitId: unit.id,
        min: unit.minQuantity,
        max: maxQuantity,
      });
    }
  }
  const booked = new Set(requested.filter((r) => r.quantity > 0).map((r) => r.unitId));
  for (const unitId of booked) {
    const companions = companionsOf(findUnit(option, unitId), option);
    if (companions.length > 0 && !companions.some((c) => booked.has(c))) {
      throw new SupplierError('UNPROCESSABLE_ENTITY', `Validation failed: ${unitId} must be accompanied by one of ${companions.join(', ')}`, {}, {
        reason: 'ACCOMPANIED_BY',
        unitId,
        companions,
      });
    }
  }
  const total = requested.reduce((n, r) => n + r.quantity, 0);
  const maxUnits = option.maxUnits + extraUnits;
  if (total > maxUnits || (total > 0 && total < option.minUnits)) {
    throw new SupplierError('UNPROCESSABLE_ENTITY', `Validation failed: ${option.minUnits} to ${maxUnits} tickets per booking`, {}, {
      reason: 'UNITS_PER_BOOKING',
      min: option.minUnits,
      max: maxUnits,
    });
  }
  return total;
}

/** Unit items as counts per unit, checked like a new booking's: known units, within their ranges. */
export function checkUnitItems(option: OptionRow, unitItems: unknown, extraUnits = 0): { items: UnitItemInput[]; wanted: number } {
  if (!Array.isArray(unitItems) || unitItems.length === 0) {
    throw new SupplierError('UNPROCESSABLE_ENTITY', 'unitItems must list at least one unit');
  }
  const items = unitItems as UnitItemInput[];
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.unitId, (counts.get(item.unitId) ?? 0) + 1);
  return { items, wanted: checkUnits(option, [...counts].map(([unitId, quantity]) => ({ unitId, quantity })), extraUnits) };
}

/** Whether slots can still be sold: the day is open, inside the booking window, and the slot has not started. */
export function openCheck(at: Date, closed: Set<string>): (slot: Slot) => boolean {
  const lastDay = addLocalDays(todayIn(ATTRACTION.timeZone, at), currentCatalog().bookingWindowDays);
  return (slot) => !closed.has(slot.localDate) && slot.localDate <= lastDay && slot.cutoff.getTime() > at.getTime();
}

/** A slot that can be booked now, or INVALID_AVAILABILITY_ID. */
export function bookableSlot(catalog: Catalog, option: OptionRow, availabilityId: unknown, at: Date): Slot {
  const slot = slotForAvailabilityId(String(availabilityId ?? ''), option, ATTRACTION.timeZone);
  if (!slot || !openCheck(at, catalog.closed)(slot)) {
    throw new SupplierError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', { availabilityId: String(availabilityId ?? '') });
  }
  return slot;
}

export function holdMinutes(value: unknown): number {
  const minutes = value ?? DEFAULT_HOLD_MINUTES;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > MAX_HOLD_MINUTES) {
    throw new SupplierError('BAD_REQUEST', `expirationMinutes must be 1 to ${MAX_HOLD_MINUTES}`);
  }
  return minutes;
}
