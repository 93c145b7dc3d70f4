// The embedded supplier: our own inventory in the database. Holds, changes and confirmations are atomic:
// a transaction-scoped advisory lock per slot serialises the count of places and the write.
import crypto from 'node:crypto';
import { and, desc, eq, inArray, or } from 'drizzle-orm';
import type { Booking } from '@octocloud/types';
import { ATTRACTION } from '@/config/attraction';
import { CATALOG } from '@/config/catalog';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, bookings } from '@/server/db/schema';
import {
  SupplierError,
  type AvailabilityQuery,
  type BookingUpdateRequest,
  type ReservationRequest,
  type SupplierPort,
  type UnitItemInput,
} from '@/ports/supplier';
import { findOption, findProduct, findUnit, loadCatalog, type Catalog, type OptionRow, type ProductRow } from './catalog';
import {
  availabilityShape,
  bookingShape,
  effectiveStatus,
  productShape,
  slotPricing,
  slotStatus,
  unitPrices,
  type BookingRow,
  type UnitItemRow,
} from './octo-shapes';
import { calendarRules, slotRule } from './calendar-rules';
import { rememberedRules } from './calendar-rules-cache';
import { lockSlot, placesTaken } from './places';
import { newReference } from './references';
import { cachedTaken, forgetTaken, rememberTaken } from './taken-cache';
import { addLocalDays, isLocalDate, localDatesBetween, todayIn } from '@/universal/local-date';
import { plannedSlots, slotForAvailabilityId, type Slot } from './schedule';

const MAX_RANGE_DAYS = 62;
const MAX_AVAILABILITY_IDS = 100;
const DEFAULT_HOLD_MINUTES = 30;
const MAX_HOLD_MINUTES = 24 * 60;
const plannedSlotCache = new WeakMap<OptionRow, Map<string, Slot[]>>();

/** A slot whose places changed, for availability notifications. */
export type ChangedSlot = { productId: string; optionId: string; availabilityId: string };

/** What a write changed: the booking (as its reseller sees it) and the slots whose places moved. */
export type LocalSupplierChange = { resellerId: string; booking: Booking; slots: ChangedSlot[] };

export type LocalSupplierOptions = {
  resellerId: string;
  /** Where resellers reach this inventory over OCTO (the supplier's endpoint). */
  endpoint?: string;
  now?: () => Date;
  /** Told of every write inside its transaction, with the transaction's handle, so that what it records
   * (webhook jobs) commits with the write or not at all; its failure undoes the write. */
  onChange?: (tx: Database, change: LocalSupplierChange) => Promise<void>;
};

type Executor = Database;

export function createLocalSupplier(db: Database, { resellerId, endpoint = '', now = () => new Date(), onChange }: LocalSupplierOptions): SupplierPort {
  const timeZone = ATTRACTION.timeZone;

  /** The planned slots of an option on a day; pure, so remembered (the catalogue lives as long as the process). */
  function slotsOf(option: OptionRow, localDate: string): Slot[] {
    let byDate = plannedSlotCache.get(option);
    if (!byDate) plannedSlotCache.set(option, (byDate = new Map()));
    let slots = byDate.get(localDate);
    if (!slots) {
      if (byDate.size > 1_000) byDate.clear();
      byDate.set(localDate, (slots = plannedSlots(localDate, option, timeZone)));
    }
    return slots;
  }

  /** Places taken on each slot of whole days: from the short-lived memory (perhaps a read another call
   * began), else one query for the days missing, which later calls share until it has answered. */
  async function takenOnDays(optionId: string, dates: string[], slots: Slot[], at: Date): Promise<Map<number, number>> {
    const days: Promise<Map<number, number>>[] = [];
    const missing = dates.filter((d) => {
      const cached = cachedTaken(db, optionId, d);
      if (cached) days.push(cached);
      return !cached;
    });
    const missingSlots = slots.filter((s) => missing.includes(s.localDate));
    if (missingSlots.length > 0) {
      const fresh = placesTaken(db, optionId, missingSlots[0]!.start, missingSlots[missingSlots.length - 1]!.start, at);
      for (const localDate of missing) {
        const day = fresh.then((counts) => {
          const taken = new Map<number, number>();
          for (const slot of missingSlots) {
            const count = slot.localDate === localDate ? counts.get(slot.start.getTime()) : undefined;
            if (count) taken.set(slot.start.getTime(), count);
          }
          return taken;
        });
        rememberTaken(db, optionId, localDate, day);
        days.push(day);
      }
    }
    const taken = new Map<number, number>();
    for (const day of await Promise.all(days)) day.forEach((count, start) => taken.set(start, count));
    return taken;
  }

  function checkRange(start: unknown, end: unknown): string[] {
    const localDateStart = String(start ?? '');
    const localDateEnd = String(end ?? '');
    if (!isLocalDate(localDateStart) || !isLocalDate(localDateEnd) || localDateEnd < localDateStart) {
      throw new SupplierError('BAD_REQUEST', 'localDateStart and localDateEnd must be dates (yyyy-MM-dd), start before end');
    }
    if (localDateEnd > addLocalDays(localDateStart, MAX_RANGE_DAYS)) {
      throw new SupplierError('BAD_REQUEST', `A range may span ${MAX_RANGE_DAYS} days at most`);
    }
    return localDatesBetween(localDateStart, localDateEnd);
  }

  /** The days a query asks about, and (for availabilityIds) the slots it names. Exactly one form is allowed. */
  function queriedDays(option: OptionRow, query: AvailabilityQuery, idsAllowed: boolean): { dates: string[]; ids?: Set<string> } {
    const byDay = query.localDate !== undefined;
    const byRange = query.localDateStart !== undefined || query.localDateEnd !== undefined;
    const byIds = query.availabilityIds !== undefined;
    if (Number(byDay) + Number(byRange) + Number(byIds) !== 1 || (byIds && !idsAllowed)) {
      throw new SupplierError(
        'BAD_REQUEST',
        idsAllowed
          ? 'Send one of localDate, localDateStart with localDateEnd, or availabilityIds'
          : 'Send localDateStart with localDateEnd (or localDate)',
      );
    }
    if (byDay) return { dates: checkRange(query.localDate, query.localDate) };
    if (byRange) return { dates: checkRange(query.localDateStart, query.localDateEnd) };
    const ids = query.availabilityIds!;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_AVAILABILITY_IDS) {
      throw new SupplierError('BAD_REQUEST', `availabilityIds must list 1 to ${MAX_AVAILABILITY_IDS} ids`);
    }
    const slots = ids.map((id) => {
      const slot = typeof id === 'string' ? slotForAvailabilityId(id, option, timeZone) : undefined;
      if (!slot) throw new SupplierError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', { availabilityId: String(id) });
      return slot;
    });
    return { dates: [...new Set(slots.map((s) => s.localDate))].sort(), ids: new Set(slots.map((s) => s.availabilityId)) };
  }

  function checkUnits(option: OptionRow, requested: { unitId: string; quantity: number }[]) {
    for (const r of requested) {
      const unit = findUnit(option, r.unitId);
      if (!Number.isInteger(r.quantity) || r.quantity < 0) {
        throw new SupplierError('BAD_REQUEST', `The quantity of ${unit.id} must be a whole number of 0 or more`);
      }
      if (r.quantity > unit.maxQuantity || (r.quantity > 0 && r.quantity < unit.minQuantity)) {
        throw new SupplierError('UNPROCESSABLE_ENTITY', `Validation failed: ${unit.id} takes ${unit.minQuantity} to ${unit.maxQuantity}`, {}, {
          reason: 'UNIT_QUANTITY',
          unitId: unit.id,
          min: unit.minQuantity,
          max: unit.maxQuantity,
        });
      }
    }
    const total = requested.reduce((n, r) => n + r.quantity, 0);
    if (total > option.maxUnits || (total > 0 && total < option.minUnits)) {
      throw new SupplierError('UNPROCESSABLE_ENTITY', `Validation failed: ${option.minUnits} to ${option.maxUnits} tickets per booking`, {}, {
        reason: 'UNITS_PER_BOOKING',
        min: option.minUnits,
        max: option.maxUnits,
      });
    }
    return total;
  }

  /** Unit items as counts per unit, checked like a new booking's: known units, within their ranges. */
  function checkUnitItems(option: OptionRow, unitItems: unknown): { items: UnitItemInput[]; wanted: number } {
    if (!Array.isArray(unitItems) || unitItems.length === 0) {
      throw new SupplierError('UNPROCESSABLE_ENTITY', 'unitItems must list at least one unit');
    }
    const items = unitItems as UnitItemInput[];
    const counts = new Map<string, number>();
    for (const item of items) counts.set(item.unitId, (counts.get(item.unitId) ?? 0) + 1);
    return { items, wanted: checkUnits(option, [...counts].map(([unitId, quantity]) => ({ unitId, quantity }))) };
  }

  /** Whether slots can still be sold: the day is open, inside the booking window, and the slot has not started. */
  function openCheck(at: Date, closed: Set<string>): (slot: Slot) => boolean {
    const lastDay = addLocalDays(todayIn(timeZone, at), CATALOG.bookingWindowDays);
    return (slot) => !closed.has(slot.localDate) && slot.localDate <= lastDay && slot.cutoff.getTime() > at.getTime();
  }

  /** A slot that can be booked now, or INVALID_AVAILABILITY_ID. */
  function bookableSlot(catalog: Catalog, option: OptionRow, availabilityId: unknown, at: Date): Slot {
    const slot = slotForAvailabilityId(String(availabilityId ?? ''), option, timeZone);
    if (!slot || !openCheck(at, catalog.closed)(slot)) {
      throw new SupplierError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', { availabilityId: String(availabilityId ?? '') });
    }
    return slot;
  }

  /** Managers' rules of a range, as availability reads them: remembered for a moment. */
  function rulesOf(optionId: string, firstDate: string, lastDate: string, from: Date, to: Date) {
    const key = `${optionId}|${firstDate}|${lastDate}|${from.getTime()}|${to.getTime()}`;
    return rememberedRules(db, key, () => calendarRules(db, optionId, firstDate, lastDate, from, to));
  }

  async function slotStates(query: AvailabilityQuery, idsAllowed: boolean) {
    const catalog = await loadCatalog(db);
    const product = findProduct(catalog, query.productId);
    const option = findOption(product, query.optionId);
    const requested = (query.units ?? []).map((u) => ({ unitId: u.id, quantity: u.quantity }));
    checkUnits(option, requested);
    const { dates, ids } = queriedDays(option, query, idsAllowed);
    const at = now();
    const slots = dates.flatMap((d) => slotsOf(option, d));
    // Managers' closures and capacities for the whole range in one query, beside the count of places.
    const [taken, rules] = await Promise.all([
      takenOnDays(option.id, dates, slots, at),
      slots.length ? rulesOf(option.id, dates[0]!, dates[dates.length - 1]!, slots[0]!.start, slots[slots.length - 1]!.start) : undefined,
    ]);
    const isOpen = openCheck(at, rules?.closed.size ? new Set([...catalog.closed, ...rules.closed.keys()]) : catalog.closed);
    const states = slots
      .filter((slot) => !ids || ids.has(slot.availabilityId))
      .map((slot) => {
        const capacity = rules?.capacity.get(slot.start.getTime()) ?? option.capacity;
        return { slot, capacity, vacancies: capacity - (taken.get(slot.start.getTime()) ?? 0), open: isOpen(slot) };
      });
    return { product, option, requested, dates, states };
  }

  async function bookingRow(uuid: string, executor: Executor = db, lock = false): Promise<BookingRow> {
    const base = executor.select().from(bookings).where(and(eq(bookings.uuid, uuid), eq(bookings.resellerId, resellerId)));
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw new SupplierError('INVALID_BOOKING_UUID', 'The uuid was missing or invalid', { uuid });
    return row;
  }

  /**
   * Refuses a hold or change when the slot has fewer places left than wanted, or (`newSale`) its day was
   * closed by a manager. The slot is locked by the caller, so its capacity and count are read under the
   * lock that a capacity change takes too.
   */
  async function checkPlaces(executor: Executor, option: OptionRow, slot: Slot, wanted: number, at: Date, exceptBookingId?: string, newSale = true) {
    const rule = await slotRule(executor, option.id, slot.localDate, slot.start);
    if (rule.closed && newSale) {
      throw new SupplierError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', { availabilityId: slot.availabilityId });
    }
    const taken = (await placesTaken(executor, option.id, slot.start, slot.start, at, exceptBookingId)).get(slot.start.getTime()) ?? 0;
    const vacancies = (rule.capacity ?? option.capacity) - taken;
    if (vacancies < wanted) {
      throw new SupplierError(
        'UNPROCESSABLE_ENTITY',
        vacancies <= 0 ? 'Sold out: no places are left at this time' : `Not enough places: ${vacancies} left at this time`,
        { availabilityId: slot.availabilityId, vacancies: String(Math.max(vacancies, 0)) },
        vacancies <= 0 ? { reason: 'SOLD_OUT' } : { reason: 'NOT_ENOUGH_PLACES', vacancies },
      );
    }
  }

  /** Writes a booking's unit items: items sent with the uuid of one it has keep that item and its ticket. */
  async function writeUnitItems(executor: Executor, bookingId: string, option: OptionRow, items: UnitItemInput[], kept: UnitItemRow[] = []) {
    const prices = new Map(option.units.map((u) => [u.id, u.price]));
    const previous = new Map(kept.map((k) => [k.uuid, k]));
    await executor.delete(bookingUnitItems).where(eq(bookingUnitItems.bookingId, bookingId));
    await executor.insert(bookingUnitItems).values(
      items.map((item, position) => {
        const same = item.uuid ? previous.get(item.uuid) : undefined;
        previous.delete(item.uuid ?? '');
        return {
          uuid: same?.uuid ?? crypto.randomUUID(),
          bookingId,
          position,
          unitId: item.unitId,
          resellerReference: item.resellerReference ?? same?.resellerReference ?? null,
          supplierReference: same?.supplierReference ?? newReference('TKT', 8),
          price: prices.get(item.unitId) ?? 0,
        };
      }),
    );
    return items.reduce((sum, item) => sum + (prices.get(item.unitId) ?? 0), 0);
  }

  function holdMinutes(value: unknown): number {
    const minutes = value ?? DEFAULT_HOLD_MINUTES;
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > MAX_HOLD_MINUTES) {
      throw new SupplierError('BAD_REQUEST', `expirationMinutes must be 1 to ${MAX_HOLD_MINUTES}`);
    }
    return minutes;
  }

  /** The opening hours of a booking's option, for its availability (all-day options only). */
  async function hoursOf(optionId: string) {
    const catalog = await loadCatalog(db);
    return catalog.products.flatMap((p) => p.options).find((o) => o.id === optionId)?.openingHours ?? null;
  }

  async function shape(row: BookingRow, executor: Executor = db) {
    const items = await executor.select().from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, row.id));
    return bookingShape(row, items, now(), timeZone, await hoursOf(row.optionId));
  }

  const slotOf = (row: BookingRow): ChangedSlot => ({ productId: row.productId, optionId: row.optionId, availabilityId: row.availabilityId });

  /** Before a write's transaction: the catalogue its listener reads (opening hours) is loaded outside it, as
   * PGlite runs nothing beside an open transaction. */
  async function readyToTell(): Promise<void> {
    if (onChange) await loadCatalog(db);
  }

  /** A write, inside its transaction: the listener is told with the transaction's handle. */
  async function tell(executor: Executor, row: BookingRow, slots: ChangedSlot[] = []): Promise<void> {
    if (onChange) await onChange(executor, { resellerId: row.resellerId, booking: await shape(row, executor), slots });
  }

  /** A write committed: forget what the cache knew of the days it touched. */
  async function changed(row: BookingRow, slots: ChangedSlot[] = []): Promise<Booking> {
    for (const slot of slots) forgetTaken(db, slot.optionId, slot.availabilityId.slice(0, 10));
    return shape(row);
  }

  /** Cancels a hold of ours (kept as cancelled, for the record); one that ran out or went already is left. */
  async function releaseOwnHold(executor: Executor, holdUuid: string, bookingId: string, at: Date) {
    const hold = await bookingRow(holdUuid, executor, true);
    if (hold.id === bookingId) throw new SupplierError('BAD_REQUEST', 'A booking cannot release itself', { uuid: holdUuid });
    if (hold.status !== 'ON_HOLD') return;
    await executor
      .update(bookings)
      .set({ status: 'CANCELLED', cancelledAt: at, updatedAt: at, expiresAt: null, cancellationReason: 'Released into the booking it was held for' })
      .where(eq(bookings.id, hold.id));
  }

  /**
   * Changes a hold or a confirmed booking under the rules of a new one (known product, option and units,
   * a bookable slot, enough places), and confirms it when `confirm` is given. Returns the row and the
   * slots whose places moved.
   */
  async function amend(uuid: string, change: BookingUpdateRequest, confirm?: { contact: Record<string, unknown>; resellerReference?: string }) {
    const catalog = await loadCatalog(db);
    return db.transaction(async (tx) => {
      const executor = tx as unknown as Executor;
      const current = await bookingRow(uuid, executor, true);
      const at = now();
      const status = effectiveStatus(current, at);
      if (confirm && status === 'CONFIRMED') return { row: current, slots: [] as ChangedSlot[] };
      const allowed = confirm ? status === 'ON_HOLD' : status === 'ON_HOLD' || status === 'CONFIRMED';
      if (!allowed) {
        throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be ${confirm ? 'confirmed' : 'changed'}`, { uuid });
      }
      if (current.slotStart <= at) throw new SupplierError('UNPROCESSABLE_ENTITY', 'This booking has started and can no longer change', { uuid });

      const product: ProductRow = findProduct(catalog, change.productId ?? current.productId);
      const productChanged = product.id !== current.productId;
      const option = findOption(product, change.optionId ?? (productChanged ? product.options[0]?.id : current.optionId));
      const optionChanged = option.id !== current.optionId;
      const existing = await executor.select().from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, current.id));
      const items: UnitItemInput[] | undefined =
        change.unitItems ??
        (optionChanged
          ? existing.sort((a, b) => a.position - b.position).map((i) => ({ uuid: i.uuid, unitId: i.unitId, resellerReference: i.resellerReference ?? undefined }))
          : undefined);
      const moves = optionChanged || change.availabilityId !== undefined || items !== undefined;

      let placement: Partial<typeof bookings.$inferInsert> = {};
      let slots: ChangedSlot[] = [];
      if (moves) {
        const { wanted } = items ? checkUnitItems(option, items) : { wanted: current.unitCount };
        const slot =
          change.availabilityId === undefined && !optionChanged
            ? (slotForAvailabilityId(current.availabilityId, option, timeZone) ?? bookableSlot(catalog, option, current.availabilityId, at))
            : bookableSlot(catalog, option, change.availabilityId ?? current.availabilityId, at);
        await lockSlot(executor, option.id, slot.start);
        // The hold made for this move gives its places back in the same commit that takes them.
        if (change.releaseHold) await releaseOwnHold(executor, change.releaseHold, current.id, at);
        // A closed day stops new sales: a booking may stay on its slot (and be confirmed there), not move onto one.
        await checkPlaces(executor, option, slot, wanted, at, current.id, optionChanged || slot.availabilityId !== current.availabilityId);
        const total = items ? await writeUnitItems(executor, current.id, option, items, existing) : current.total;
        placement = {
          productId: product.id,
          optionId: option.id,
          availabilityId: slot.availabilityId,
          slotStart: slot.start,
          slotEnd: slot.end,
          unitCount: wanted,
          total,
          currency: product.currency,
        };
        slots = [slotOf(current), { productId: product.id, optionId: option.id, availabilityId: slot.availabilityId }];
      }
      const contact = confirm?.contact ?? (change.contact ? { ...(current.contact ?? {}), ...change.contact } : current.contact);
      const [updated] = await executor
        .update(bookings)
        .set({
          ...placement,
          contact,
          notes: change.notes !== undefined ? change.notes : current.notes,
          resellerReference: confirm?.resellerReference ?? change.resellerReference ?? current.resellerReference,
          updatedAt: at,
          ...(confirm
            ? { status: 'CONFIRMED' as const, confirmedAt: at, expiresAt: null }
            : status === 'ON_HOLD' && change.expirationMinutes !== undefined
              ? { expiresAt: new Date(at.getTime() + holdMinutes(change.expirationMinutes) * 60_000) }
              : {}),
        })
        .where(eq(bookings.id, current.id))
        .returning();
      // A confirmation turns a hold into a sale: the places stay taken, but the hold's expiry no longer applies.
      const moved = confirm && slots.length === 0 ? [slotOf(updated!)] : slots;
      if (!confirm || moved.length) await tell(executor, updated!, moved);
      return { row: updated!, slots: moved };
    });
  }

  return {
    async getSupplier() {
      return {
        id: ATTRACTION.slug,
        name: ATTRACTION.name,
        endpoint,
        contact: { website: ATTRACTION.mainSite, email: null, telephone: null, address: null },
      };
    },

    async getProducts(locale) {
      const catalog = await loadCatalog(db);
      return catalog.products.map((p) => productShape(p, locale));
    },

    async getProduct(productId, locale) {
      return productShape(findProduct(await loadCatalog(db), productId), locale);
    },

    async availabilityCalendar(query) {
      const { states, dates, option, product } = await slotStates(query, false);
      const wanted = (query.units ?? []).reduce((n, u) => n + u.quantity, 0);
      const unitPricingFrom = unitPrices(option, product.currency);
      return dates.map((localDate) => {
        const day = states.filter((s) => s.slot.localDate === localDate);
        const open = day.filter((s) => s.open);
        const vacancies = open.reduce((n, s) => n + Math.max(s.vacancies, 0), 0);
        const capacity = open.reduce((n, s) => n + s.capacity, 0);
        const status =
          open.length === 0 ? 'CLOSED' : vacancies <= 0 ? 'SOLD_OUT' : slotStatus({ slot: open[0]!.slot, vacancies, capacity, open: true });
        return {
          localDate,
          available: open.some((s) => s.vacancies >= Math.max(wanted, 1)),
          status: status as never,
          vacancies: open.length ? vacancies : 0,
          capacity: open.length ? capacity : 0,
          openingHours: option.openingHours ? [option.openingHours] : [],
          unitPricingFrom,
        };
      });
    },

    async availability(query) {
      const { states, option, product, requested } = await slotStates(query, true);
      const prices = slotPricing(option, product.currency, requested);
      return states.map((state) => availabilityShape(state, option, prices));
    },

    async createBooking(request: ReservationRequest) {
      const catalog = await loadCatalog(db);
      const product = findProduct(catalog, request.productId);
      const option = findOption(product, request.optionId);
      const { items, wanted } = checkUnitItems(option, request.unitItems);
      const at = now();
      const slot = bookableSlot(catalog, option, request.availabilityId, at);
      const minutes = holdMinutes(request.expirationMinutes);
      const uuid = request.uuid ?? crypto.randomUUID();

      const { row, created } = await db.transaction(async (tx) => {
        const executor = tx as unknown as Executor;
        await lockSlot(executor, option.id, slot.start);
        const [existing] = await executor.select().from(bookings).where(eq(bookings.uuid, uuid));
        if (existing) {
          if (existing.resellerId !== resellerId) throw new SupplierError('INVALID_BOOKING_UUID', 'This uuid is already in use', { uuid });
          return { row: existing, created: false };
        }
        await checkPlaces(executor, option, slot, wanted, at);
        const [inserted] = await executor
          .insert(bookings)
          .values({
            uuid,
            supplierReference: newReference(),
            resellerId,
            resellerReference: request.resellerReference ?? null,
            status: 'ON_HOLD',
            productId: product.id,
            optionId: option.id,
            availabilityId: slot.availabilityId,
            slotStart: slot.start,
            slotEnd: slot.end,
            unitCount: wanted,
            total: 0,
            currency: product.currency,
            notes: request.notes ?? null,
            createdAt: at,
            updatedAt: at,
            expiresAt: new Date(at.getTime() + minutes * 60_000),
          })
          .returning();
        const total = await writeUnitItems(executor, inserted!.id, option, items.map((i) => ({ unitId: i.unitId, resellerReference: i.resellerReference })));
        const [priced] = await executor.update(bookings).set({ total }).where(eq(bookings.id, inserted!.id)).returning();
        await tell(executor, priced!, [slotOf(priced!)]);
        return { row: priced!, created: true };
      });
      return created ? changed(row, [slotOf(row)]) : shape(row);
    },

    async confirmBooking(uuid, body) {
      const { row, slots } = await amend(uuid, { unitItems: body.unitItems }, { contact: { ...body.contact }, resellerReference: body.resellerReference });
      return slots.length ? changed(row, slots) : shape(row);
    },

    async updateBooking(uuid, body) {
      const { row, slots } = await amend(uuid, body);
      return changed(row, slots);
    },

    async listBookings(query) {
      const references = [
        query.resellerReference ? eq(bookings.resellerReference, query.resellerReference) : undefined,
        query.supplierReference ? eq(bookings.supplierReference, query.supplierReference.trim().toUpperCase()) : undefined,
      ].filter(Boolean);
      if (references.length === 0) throw new SupplierError('BAD_REQUEST', 'Send resellerReference or supplierReference');
      const rows = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.resellerId, resellerId), or(...references)))
        .orderBy(desc(bookings.createdAt))
        .limit(100);
      if (rows.length === 0) return [];
      const items = await db.select().from(bookingUnitItems).where(inArray(bookingUnitItems.bookingId, rows.map((r) => r.id)));
      const at = now();
      const hours = await Promise.all(rows.map((row) => hoursOf(row.optionId)));
      return rows.map((row, i) => bookingShape(row, items.filter((item) => item.bookingId === row.id), at, timeZone, hours[i]!));
    },

    async cancelBooking(uuid, body) {
      await readyToTell();
      const { row, done } = await db.transaction(async (tx) => {
        const executor = tx as unknown as Executor;
        const current = await bookingRow(uuid, executor, true);
        const at = now();
        const status = effectiveStatus(current, at);
        if (status === 'CANCELLED') return { row: current, done: false };
        if (status === 'REDEEMED' || status === 'EXPIRED' || current.slotStart <= at) {
          throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be cancelled`, { uuid });
        }
        const [updated] = await executor
          .update(bookings)
          .set({ status: 'CANCELLED', cancelledAt: at, updatedAt: at, expiresAt: null, cancellationReason: body.reason ?? null })
          .where(eq(bookings.id, current.id))
          .returning();
        await tell(executor, updated!, [slotOf(updated!)]);
        return { row: updated!, done: true };
      });
      return done ? changed(row, [slotOf(row)]) : shape(row);
    },

    async extendBooking(uuid, body) {
      const minutes = holdMinutes(body.expirationMinutes);
      await readyToTell();
      const row = await db.transaction(async (tx) => {
        const executor = tx as unknown as Executor;
        const current = await bookingRow(uuid, executor, true);
        const at = now();
        const status = effectiveStatus(current, at);
        if (status !== 'ON_HOLD') {
          throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be extended`, { uuid });
        }
        const [updated] = await executor
          .update(bookings)
          .set({ expiresAt: new Date(at.getTime() + minutes * 60_000), updatedAt: at })
          .where(eq(bookings.id, current.id))
          .returning();
        await tell(executor, updated!);
        return updated!;
      });
      return changed(row);
    },

    async getBooking(uuid) {
      return shape(await bookingRow(uuid));
    },

    async redeemBooking(supplierReference) {
      const reference = supplierReference.trim().toUpperCase();
      const at = now();
      await readyToTell();
      // The gate belongs to the attraction: any reseller's booking is redeemed here, exactly once.
      const redeemed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(bookings)
          .set({ status: 'REDEEMED', redeemedAt: at, updatedAt: at })
          .where(and(eq(bookings.supplierReference, reference), eq(bookings.status, 'CONFIRMED')))
          .returning();
        if (row) await tell(tx as unknown as Executor, row);
        return row;
      });
      if (redeemed) return { booking: await changed(redeemed), alreadyRedeemed: false };
      const [current] = await db.select().from(bookings).where(eq(bookings.supplierReference, reference));
      if (!current) throw new SupplierError('INVALID_BOOKING_UUID', 'No booking has this reference', { supplierReference: reference });
      const status = effectiveStatus(current, at);
      if (status !== 'REDEEMED') {
        throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be redeemed`, { supplierReference: reference, status });
      }
      return { booking: await shape(current), alreadyRedeemed: true };
    },

    async undoRedemption(supplierReference) {
      const at = now();
      await readyToTell();
      const row = await db.transaction(async (tx) => {
        const [undone] = await tx
          .update(bookings)
          .set({ status: 'CONFIRMED', redeemedAt: null, updatedAt: at })
          .where(and(eq(bookings.supplierReference, supplierReference.trim().toUpperCase()), eq(bookings.status, 'REDEEMED')))
          .returning();
        if (undone) await tell(tx as unknown as Executor, undone);
        return undone;
      });
      if (row) await changed(row);
    },
  };
}
