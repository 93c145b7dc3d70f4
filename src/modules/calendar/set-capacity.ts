// A manager (or the operator) sets the capacity of one slot, or of every slot of a day of one option,
// or resets it to the catalogue's. Never below the places sold or held: each slot is locked with the
// inventory's slot lock and its places counted in the same transaction, so a hold running at the
// same moment waits, then sees the new capacity. One slot too full refuses the whole change (409).
import { AppError } from '@/server/errors';
import { isLocalDate } from '@/universal/local-date';
import { recordAudit, type Actor } from '../staff/audit-log';
import { plannedOption, refusePast } from './catalog-options';
import { placesTaken } from '../inventory/places-taken';
import { capacityOverride, writeCapacity } from '../inventory/slot-capacity';
import { lockSlot } from '../inventory/slot-lock';
import type { CalendarDeps } from './deps';
import { refuseSupplierOwned } from './supplier-owned';
import { slotFigures } from './slot-figures';
import { signalCalendarChanged } from '@/server/db/calendar-changed';
import { enqueuePlacesFreed } from '../waitlist/places-freed';
import { serverNow } from '@/server/clock';

export const CAPACITY_MAX = 10_000;

export type CapacityInput = { optionId: string; date: string; time?: string; capacity: number | 'reset'; by: Actor };

export type CapacityChange = { optionId: string; date: string; slots: { time: string; before: number; after: number; taken: number }[] };

export async function setCapacity(deps: CalendarDeps, input: CapacityInput): Promise<CapacityChange> {
  const at = (deps.now ?? serverNow)();
  if (!isLocalDate(input.date)) throw new AppError('VALIDATION', 'dateFormat');
  if (input.capacity !== 'reset' && (!Number.isInteger(input.capacity) || input.capacity < 0 || input.capacity > CAPACITY_MAX)) {
    throw new AppError('INVALID_FIELDS', 'capacityRange', { max: CAPACITY_MAX });
  }
  refuseSupplierOwned(deps);
  const option = plannedOption(input.optionId);
  refusePast(input.date, at);
  const all = await slotFigures(deps, option, input.date, input.date, at);
  const slots = input.time === undefined ? all : all.filter((s) => s.time === input.time);
  if (slots.length === 0) {
    throw new AppError('INVALID_FIELDS', input.time === undefined ? 'noSlotsOnDay' : 'unknownSlotTime', { date: input.date, time: input.time ?? '', optionId: option.optionId });
  }
  const target = input.capacity === 'reset' ? option.capacity : input.capacity;

  const changes = await deps.db.transaction(async (tx) => {
    const done: CapacityChange['slots'] = [];
    // In time order, as every hold locks one slot: no two writers wait on each other in a circle.
    for (const slot of [...slots].sort((a, b) => a.start.getTime() - b.start.getTime())) {
      await lockSlot(tx, option.optionId, slot.start);
      const taken = (await placesTaken(tx, option.optionId, slot.start, slot.start, at)).get(slot.start.getTime()) ?? 0;
      if (taken > target) throw new AppError('CAPACITY_TAKEN', 'capacityBelowTaken', { date: input.date, time: slot.time, taken, capacity: target });
      const before = (await capacityOverride(tx, option.optionId, slot.start)) ?? option.capacity;
      // The catalogue's capacity is no override: the row goes, and a later change of the file applies.
      const setBy = input.by.kind === 'operator' ? 'operator' : input.by.email;
      await writeCapacity(tx, option.optionId, slot.start, target === option.capacity ? null : target, setBy, at);
      done.push({ time: slot.time, before, after: target, taken });
    }
    await recordAudit(tx, {
      actor: input.by,
      action: input.capacity === 'reset' ? 'capacity.reset' : 'capacity.set',
      target: `${option.optionId} ${input.date}${input.time ? ` ${input.time}` : ''}`,
      before: done.map((d) => ({ time: d.time, capacity: d.before })),
      after: done.map((d) => ({ time: d.time, capacity: d.after })),
    });
    if (done.some((c) => c.after > c.before)) await enqueuePlacesFreed(tx);
    return done;
  });
  signalCalendarChanged();
  return { optionId: option.optionId, date: input.date, slots: changes };
}
