// The embedded supplier: our own inventory in the database. Holds and confirmations are atomic: a
// transaction-scoped advisory lock per slot serialises the count of places and the insert of a hold.
import crypto from 'node:crypto';
import { and, eq, gt, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { ATTRACTION } from '@/config/attraction';
import { CATALOG } from '@/config/catalog';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, bookings } from '@/server/db/schema';
import {
  SupplierError,
  type AvailabilityQuery,
  type BookingContactInput,
  type ReservationRequest,
  type SupplierPort,
} from '@/ports/supplier';
import { findOption, findProduct, findUnit, loadCatalog, type OptionRow } from './catalog';
import { availabilityShape, bookingShape, effectiveStatus, productShape, slotPricing, slotStatus, type BookingRow } from './octo-shapes';
import { newReference } from './references';
import { cachedTaken, forgetTaken, rememberTaken } from './taken-cache';
import { addLocalDays, isLocalDate, localDatesBetween, todayIn } from '@/universal/local-date';
import { plannedSlots, slotForAvailabilityId, type Slot } from './schedule';

const MAX_RANGE_DAYS = 62;
const DEFAULT_HOLD_MINUTES = 30;
const MAX_HOLD_MINUTES = 24 * 60;
const ACTIVE = ['CONFIRMED', 'REDEEMED'] as const;
const plannedSlotCache = new WeakMap<OptionRow, Map<string, Slot[]>>();

export type LocalSupplierOptions = {
  resellerId: string;
  /** Where resellers reach this inventory over OCTO (the supplier's endpoint). */
  endpoint?: string;
  now?: () => Date;
};

export function createLocalSupplier(db: Database, { resellerId, endpoint = '', now = () => new Date() }: LocalSupplierOptions): SupplierPort {
  const timeZone = ATTRACTION.timeZone;

  /** Places taken per slot start: confirmed and redeemed bookings, and holds that have not expired. */
  async function placesTaken(executor: Database, optionId: string, from: Date, to: Date, at: Date): Promise<Map<number, number>> {
    const rows = await executor
      .select({ slotStart: bookings.slotStart, taken: sql<number>`cast(sum(${bookings.unitCount}) as integer)` })
      .from(bookings)
      .where(
        and(
          eq(bookings.optionId, optionId),
          gte(bookings.slotStart, from),
          lte(bookings.slotStart, to),
          or(inArray(bookings.status, [...ACTIVE]), and(eq(bookings.status, 'ON_HOLD'), gt(bookings.expiresAt, at))),
        ),
      )
      .groupBy(bookings.slotStart);
    return new Map(rows.map((r) => [r.slotStart.getTime(), Number(r.taken)]));
  }

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

  /** Places taken on each slot of some days: from the short-lived cache, else one query for the days missing. */
  async function takenOnDays(optionId: string, dates: string[], slots: Slot[], at: Date): Promise<Map<number, number>> {
    const taken = new Map<number, number>();
    const missing = dates.filter((d) => {
      const cached = cachedTaken(db, optionId, d);
      cached?.forEach((count, start) => taken.set(start, count));
      return !cached;
    });
    const missingSlots = slots.filter((s) => missing.includes(s.localDate));
    if (missingSlots.length === 0) return taken;
    const fresh = await placesTaken(db, optionId, missingSlots[0]!.start, missingSlots[missingSlots.length - 1]!.start, at);
    for (const localDate of missing) {
      const day = new Map<number, number>();
      for (const slot of missingSlots) {
        if (slot.localDate !== localDate) continue;
        const count = fresh.get(slot.start.getTime());
        if (count) day.set(slot.start.getTime(), count);
      }
      rememberTaken(db, optionId, localDate, day);
      day.forEach((count, start) => taken.set(start, count));
    }
    return taken;
  }

  function checkRange(query: AvailabilityQuery): string[] {
    const { localDateStart, localDateEnd } = query;
    if (!isLocalDate(localDateStart) || !isLocalDate(localDateEnd) || localDateEnd < localDateStart) {
      throw new SupplierError('BAD_REQUEST', 'localDateStart and localDateEnd must be dates (yyyy-MM-dd), start before end');
    }
    if (localDateEnd > addLocalDays(localDateStart, MAX_RANGE_DAYS)) {
      throw new SupplierError('BAD_REQUEST', `A range may span ${MAX_RANGE_DAYS} days at most`);
    }
    return localDatesBetween(localDateStart, localDateEnd);
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

  /** Whether slots can still be sold: the day is open, inside the booking window, and the slot has not started. */
  function openCheck(at: Date, closed: Set<string>): (slot: Slot) => boolean {
    const lastDay = addLocalDays(todayIn(timeZone, at), CATALOG.bookingWindowDays);
    return (slot) => !closed.has(slot.localDate) && slot.localDate <= lastDay && slot.start.getTime() > at.getTime();
  }

  async function slotStates(query: AvailabilityQuery) {
    const catalog = await loadCatalog(db);
    const product = findProduct(catalog, query.productId);
    const option = findOption(product, query.optionId);
    const requested = (query.units ?? []).map((u) => ({ unitId: u.id, quantity: u.quantity }));
    checkUnits(option, requested);
    const dates = checkRange(query);
    const at = now();
    const slots = dates.flatMap((d) => slotsOf(option, d));
    const taken = await takenOnDays(option.id, dates, slots, at);
    const isOpen = openCheck(at, catalog.closed);
    const states = slots.map((slot) => ({
      slot,
      capacity: option.capacity,
      vacancies: option.capacity - (taken.get(slot.start.getTime()) ?? 0),
      open: isOpen(slot),
    }));
    return { product, option, requested, dates, states };
  }

  async function bookingRow(uuid: string, executor: Database = db, lock = false): Promise<BookingRow> {
    const base = executor.select().from(bookings).where(and(eq(bookings.uuid, uuid), eq(bookings.resellerId, resellerId)));
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw new SupplierError('INVALID_BOOKING_UUID', 'The uuid was missing or invalid', { uuid });
    return row;
  }

  /** A write changed the places of the booking's day: forget what the cache knew of it. */
  function changed(row: BookingRow): BookingRow {
    forgetTaken(db, row.optionId, row.availabilityId.slice(0, 10));
    return row;
  }

  async function shape(row: BookingRow, executor: Database = db) {
    const items = await executor.select().from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, row.id));
    return bookingShape(row, items, now(), timeZone);
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
      const { states, dates } = await slotStates(query);
      const wanted = (query.units ?? []).reduce((n, u) => n + u.quantity, 0);
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
          openingHours: [],
        };
      });
    },

    async availability(query) {
      const { states, option, product, requested } = await slotStates(query);
      const prices = slotPricing(option, product.currency, requested);
      return states.map((state) => availabilityShape(state, option, prices));
    },

    async createBooking(request: ReservationRequest) {
      const catalog = await loadCatalog(db);
      const product = findProduct(catalog, request.productId);
      const option = findOption(product, request.optionId);
      if (!Array.isArray(request.unitItems) || request.unitItems.length === 0) {
        throw new SupplierError('BAD_REQUEST', 'unitItems must list at least one unit');
      }
      const counts = new Map<string, number>();
      for (const item of request.unitItems) counts.set(item.unitId, (counts.get(item.unitId) ?? 0) + 1);
      const requested = [...counts].map(([unitId, quantity]) => ({ unitId, quantity }));
      const wanted = checkUnits(option, requested);
      const slot = slotForAvailabilityId(String(request.availabilityId ?? ''), option, timeZone);
      const at = now();
      if (!slot || !openCheck(at, catalog.closed)(slot)) {
        throw new SupplierError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', {
          availabilityId: String(request.availabilityId ?? ''),
        });
      }
      const minutes = request.expirationMinutes ?? DEFAULT_HOLD_MINUTES;
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_HOLD_MINUTES) {
        throw new SupplierError('BAD_REQUEST', `expirationMinutes must be 1 to ${MAX_HOLD_MINUTES}`);
      }
      const uuid = request.uuid ?? crypto.randomUUID();
      const prices = new Map(option.units.map((u) => [u.id, u.price]));

      const row = await db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        // One writer per slot at a time, on PostgreSQL and PGlite alike; released at commit.
        await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${option.id}|${slot.start.toISOString()}`}, 0))`);
        const [existing] = await executor.select().from(bookings).where(eq(bookings.uuid, uuid));
        if (existing) {
          if (existing.resellerId !== resellerId) throw new SupplierError('BAD_REQUEST', 'This uuid is already in use', { uuid });
          return existing;
        }
        const taken = (await placesTaken(executor, option.id, slot.start, slot.start, at)).get(slot.start.getTime()) ?? 0;
        const vacancies = option.capacity - taken;
        if (vacancies < wanted) {
          throw new SupplierError(
            'UNPROCESSABLE_ENTITY',
            vacancies <= 0 ? 'Sold out: no places are left at this time' : `Not enough places: ${vacancies} left at this time`,
            { availabilityId: slot.availabilityId, vacancies: String(Math.max(vacancies, 0)) },
            vacancies <= 0 ? { reason: 'SOLD_OUT' } : { reason: 'NOT_ENOUGH_PLACES', vacancies },
          );
        }
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
            total: request.unitItems.reduce((sum, item) => sum + (prices.get(item.unitId) ?? 0), 0),
            currency: product.currency,
            notes: request.notes ?? null,
            createdAt: at,
            updatedAt: at,
            expiresAt: new Date(at.getTime() + minutes * 60_000),
          })
          .returning();
        await executor.insert(bookingUnitItems).values(
          request.unitItems.map((item, position) => ({
            uuid: crypto.randomUUID(),
            bookingId: inserted!.id,
            position,
            unitId: item.unitId,
            resellerReference: item.resellerReference ?? null,
            supplierReference: newReference('TKT', 8),
            price: prices.get(item.unitId) ?? 0,
          })),
        );
        return inserted!;
      });
      forgetTaken(db, option.id, slot.localDate);
      return shape(row);
    },

    async confirmBooking(uuid, body: { contact: BookingContactInput; resellerReference?: string }) {
      const row = await db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        const current = await bookingRow(uuid, executor, true);
        const at = now();
        const status = effectiveStatus(current, at);
        if (status === 'CONFIRMED') return current;
        if (status !== 'ON_HOLD') {
          throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be confirmed`, { uuid });
        }
        const [updated] = await executor
          .update(bookings)
          .set({
            status: 'CONFIRMED',
            confirmedAt: at,
            updatedAt: at,
            expiresAt: null,
            contact: { ...body.contact },
            resellerReference: body.resellerReference ?? current.resellerReference,
          })
          .where(eq(bookings.id, current.id))
          .returning();
        return updated!;
      });
      return shape(changed(row));
    },

    async cancelBooking(uuid, body) {
      const row = await db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
        const current = await bookingRow(uuid, executor, true);
        const at = now();
        const status = effectiveStatus(current, at);
        if (status === 'CANCELLED') return current;
        if (status === 'REDEEMED' || status === 'EXPIRED' || current.slotStart <= at) {
          throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be cancelled`, { uuid });
        }
        const [updated] = await executor
          .update(bookings)
          .set({ status: 'CANCELLED', cancelledAt: at, updatedAt: at, cancellationReason: body.reason ?? null })
          .where(eq(bookings.id, current.id))
          .returning();
        return updated!;
      });
      return shape(changed(row));
    },

    async extendBooking(uuid, body) {
      const minutes = body.expirationMinutes;
      if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_HOLD_MINUTES) {
        throw new SupplierError('BAD_REQUEST', `expirationMinutes must be 1 to ${MAX_HOLD_MINUTES}`);
      }
      const row = await db.transaction(async (tx) => {
        const executor = tx as unknown as Database;
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
        return updated!;
      });
      return shape(changed(row));
    },

    async getBooking(uuid) {
      return shape(await bookingRow(uuid));
    },

    async redeemBooking(supplierReference) {
      const reference = supplierReference.trim().toUpperCase();
      const at = now();
      // The gate belongs to the attraction: any reseller's booking is redeemed here, exactly once.
      const [redeemed] = await db
        .update(bookings)
        .set({ status: 'REDEEMED', redeemedAt: at, updatedAt: at })
        .where(and(eq(bookings.supplierReference, reference), eq(bookings.status, 'CONFIRMED')))
        .returning();
      if (redeemed) return { booking: await shape(redeemed), alreadyRedeemed: false };
      const [current] = await db.select().from(bookings).where(eq(bookings.supplierReference, reference));
      if (!current) throw new SupplierError('INVALID_BOOKING_UUID', 'No booking has this reference', { supplierReference: reference });
      const status = effectiveStatus(current, at);
      if (status !== 'REDEEMED') {
        throw new SupplierError('UNPROCESSABLE_ENTITY', `A booking that is ${status} cannot be redeemed`, { supplierReference: reference, status });
      }
      return { booking: await shape(current), alreadyRedeemed: true };
    },
  };
}
