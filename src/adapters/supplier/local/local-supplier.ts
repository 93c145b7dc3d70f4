// The embedded supplier: our own inventory (src/modules/inventory, which alone reads and writes its
// tables) in OCTO's shapes. Holds, changes and confirmations are the inventory's transactions under its
// slot lock; this adapter checks OCTO requests, shapes the answers and tells a listener of every write.
import crypto from 'node:crypto';
import type { Booking } from '@octocloud/types';
import { ATTRACTION } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import {
  SupplierError,
  type AvailabilityQuery,
  type SupplierPort,
} from '@/ports/supplier';
import { amendBooking, slotOf, type ChangedSlot } from '@/modules/inventory/amend-booking';
import { resellerBooking, unitItemsOf, type BookingRow } from '@/modules/inventory/booking-row';
import { bookableSlot, checkUnitItems, checkUnits, holdMinutes, openCheck } from '@/modules/inventory/booking-rules';
import { calendarRules } from '@/modules/inventory/calendar-rules';
import { rememberedRules } from '@/modules/inventory/calendar-rules-cache';
import { cancelBooking } from '@/modules/inventory/cancel-booking';
import { findOption, findProduct, loadCatalog, type OptionRow } from '@/modules/inventory/catalog';
import { extendHold } from '@/modules/inventory/extend-hold';
import { holdPlaces } from '@/modules/inventory/hold-places';
import { NO_MEMBER, slotAsSeenBy, type Buyer } from '@/modules/inventory/member-places';
import { redeemBooking, undoRedemption } from '@/modules/inventory/redeem-booking';
import { resellerBookings } from '@/modules/inventory/reseller-bookings';
import { plannedSlots, slotForAvailabilityId, type Slot } from '@/modules/inventory/schedule';
import { forgetTaken } from '@/modules/inventory/taken-cache';
import type { WriteListener } from '@/modules/inventory/write-listener';
import { takenOnDays } from '@/modules/inventory/taken-on-days';
import { addLocalDays, isLocalDate, localDatesBetween } from '@/universal/local-date';
import { availabilityShape, bookingShape, productShape, slotPricing, slotStatus, unitPrices } from './octo-shapes';
import { serverNow } from '@/server/clock';

const MAX_RANGE_DAYS = 62;
const MAX_AVAILABILITY_IDS = 100;
const plannedSlotCache = new WeakMap<OptionRow, Map<string, Slot[]>>();

export type { ChangedSlot };

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
  /** The website's inventory only: a booking may ask for a member tier's extra tickets (decision 0038). A
   * reseller's never can. */
  memberPerks?: boolean;
};

export function createLocalSupplier(db: Database, { resellerId, endpoint = '', now = serverNow, onChange, memberPerks = false }: LocalSupplierOptions): SupplierPort {
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

  /** Managers' rules of a range, as availability reads them: remembered for a moment. */
  function rulesOf(optionId: string, firstDate: string, lastDate: string, from: Date, to: Date) {
    const key = `${optionId}|${firstDate}|${lastDate}|${from.getTime()}|${to.getTime()}`;
    return rememberedRules(db, key, () => calendarRules(db, optionId, firstDate, lastDate, from, to));
  }

  /** Whom a request is for: the website's member (their tier's places, decision 0041); a reseller never. */
  function buyerOf(request: { memberTier?: string }): Buyer {
    return memberPerks && typeof request.memberTier === 'string' ? { memberTier: request.memberTier } : NO_MEMBER;
  }

  async function slotStates(query: AvailabilityQuery, idsAllowed: boolean) {
    const catalog = await loadCatalog();
    const product = findProduct(catalog, query.productId);
    const option = findOption(product, query.optionId);
    const requested = (query.units ?? []).map((u) => ({ unitId: u.id, quantity: u.quantity }));
    checkUnits(option, requested, memberPerks ? Math.max(Math.trunc(query.extraUnits ?? 0), 0) : 0);
    const { dates, ids } = queriedDays(option, query, idsAllowed);
    const at = now();
    const slots = dates.flatMap((d) => slotsOf(option, d));
    // Managers' closures and capacities for the whole range in one query, beside the count of places.
    const [taken, rules] = await Promise.all([
      takenOnDays(db, option.id, dates, slots, at),
      slots.length ? rulesOf(option.id, dates[0]!, dates[dates.length - 1]!, slots[0]!.start, slots[slots.length - 1]!.start) : undefined,
    ]);
    const isOpen = openCheck(at, rules?.closed.size ? new Set([...catalog.closed, ...rules.closed.keys()]) : catalog.closed);
    const buyer = buyerOf(query);
    const states = slots
      .filter((slot) => !ids || ids.has(slot.availabilityId))
      .map((slot) => {
        // The places this buyer may take: the members' allotment and member-only slots counted (decision 0041).
        const seen = slotAsSeenBy(buyer, option, slot, rules?.capacity.get(slot.start.getTime()) ?? option.capacity, taken.get(slot.start.getTime()) ?? 0, at);
        const open = isOpen(slot) && seen.membersOnlyTier === null;
        return { slot, capacity: seen.capacity, vacancies: seen.vacancies, open, keptForMembers: seen.keptForMembers, membersOnlyTier: seen.membersOnlyTier };
      });
    return { product, option, requested, dates, states };
  }

  /** The opening hours of a booking's option, for its availability (all-day options only). */
  async function hoursOf(optionId: string) {
    const catalog = await loadCatalog();
    return catalog.products.flatMap((p) => p.options).find((o) => o.id === optionId)?.openingHours ?? null;
  }

  async function shape(row: BookingRow, executor: Database = db) {
    const items = await unitItemsOf(executor, [row.id]);
    return bookingShape(row, items, now(), timeZone, await hoursOf(row.optionId));
  }

  /** Before a write's transaction: the catalogue its listener reads (opening hours) is loaded outside it, as
   * PGlite runs nothing beside an open transaction. */
  async function readyToTell(): Promise<void> {
    if (onChange) await loadCatalog();
  }

  /** A write, inside its transaction: the listener is told with the transaction's handle. */
  const tell: WriteListener | undefined = onChange
    ? async (tx, row, slots) => onChange(tx, { resellerId: row.resellerId, booking: await shape(row, tx), slots })
    : undefined;

  /** A write committed: forget what the cache knew of the days it touched. */
  async function changed(row: BookingRow, slots: ChangedSlot[] = []): Promise<Booking> {
    for (const slot of slots) forgetTaken(db, slot.optionId, slot.availabilityId.slice(0, 10));
    return shape(row);
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
      const catalog = await loadCatalog();
      return catalog.products.map((p) => productShape(p, locale));
    },

    async getProduct(productId, locale) {
      return productShape(findProduct(await loadCatalog(), productId), locale);
    },

    async availabilityCalendar(query) {
      const { states, dates, option, product } = await slotStates(query, false);
      const wanted = (query.units ?? []).reduce((n, u) => n + u.quantity, 0);
      return dates.map((localDate) => {
        // Each day's prices: a dated price covering it (decision 0055), else the unit's.
        const unitPricingFrom = unitPrices(option, product.currency, localDate);
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
      const prices = new Map<string, ReturnType<typeof slotPricing>>();
      const pricesOn = (localDate: string) => prices.get(localDate) ?? prices.set(localDate, slotPricing(option, product.currency, requested, localDate)).get(localDate)!;
      // The website's member also learns which places are kept for them and which slots for a higher tier
      // (Skypass's own fields, decision 0041); a reseller's answer is OCTO's alone.
      return states.map((state) => ({
        ...availabilityShape(state, option, pricesOn(state.slot.localDate)),
        ...(memberPerks && state.keptForMembers > 0 ? { keptForMembers: state.keptForMembers } : {}),
        ...(memberPerks && state.membersOnlyTier ? { membersOnlyTier: state.membersOnlyTier } : {}),
      }));
    },

    async createBooking(request) {
      const catalog = await loadCatalog();
      const product = findProduct(catalog, request.productId);
      const option = findOption(product, request.optionId);
      // A member's extra tickets are the website's perk: a reseller's booking never has them.
      const extraUnits = memberPerks ? Math.max(Math.trunc(request.extraUnits ?? 0), 0) : 0;
      const { items, wanted } = checkUnitItems(option, request.unitItems, extraUnits);
      const at = now();
      const slot = bookableSlot(catalog, option, request.availabilityId, at);
      const minutes = holdMinutes(request.expirationMinutes);
      const uuid = request.uuid ?? crypto.randomUUID();
      const { row, created } = await holdPlaces(db, {
        uuid,
        resellerId,
        product,
        option,
        slot,
        items,
        wanted,
        at,
        holdMinutes: minutes,
        resellerReference: request.resellerReference,
        notes: request.notes,
        buyer: buyerOf(request),
        // Add-ons are the website's (decision 0050): a reseller's booking never has them.
        addons: memberPerks ? request.addons : undefined,
      }, tell);
      return created ? changed(row, [slotOf(row)]) : shape(row);
    },

    async confirmBooking(uuid, body) {
      const confirm = { contact: { ...body.contact }, resellerReference: body.resellerReference };
      const { row, slots } = await amendBooking(db, uuid, resellerId, { unitItems: body.unitItems }, now(), confirm, tell);
      return slots.length ? changed(row, slots) : shape(row);
    },

    async updateBooking(uuid, body) {
      // As at a Book: a member's extra tickets are the website's perk, never a reseller's.
      const extraUnits = memberPerks ? Math.max(Math.trunc(body.extraUnits ?? 0), 0) : 0;
      const { row, slots } = await amendBooking(db, uuid, resellerId, { ...body, extraUnits }, now(), undefined, tell);
      return changed(row, slots);
    },

    async listBookings(query) {
      if (!query.resellerReference && !query.supplierReference) throw new SupplierError('BAD_REQUEST', 'Send resellerReference or supplierReference');
      const rows = await resellerBookings(db, resellerId, query);
      if (rows.length === 0) return [];
      const items = await unitItemsOf(db, rows.map((r) => r.id));
      const at = now();
      const hours = await Promise.all(rows.map((row) => hoursOf(row.optionId)));
      return rows.map((row, i) => bookingShape(row, items.filter((item) => item.bookingId === row.id), at, timeZone, hours[i]!));
    },

    async cancelBooking(uuid, body) {
      await readyToTell();
      const { row, done } = await cancelBooking(db, uuid, resellerId, body.reason ?? null, now(), tell);
      return done ? changed(row, [slotOf(row)]) : shape(row);
    },

    async extendBooking(uuid, body) {
      const minutes = holdMinutes(body.expirationMinutes);
      await readyToTell();
      return changed(await extendHold(db, uuid, resellerId, minutes, now(), tell));
    },

    async getBooking(uuid) {
      return shape(await resellerBooking(db, uuid, resellerId));
    },

    async redeemBooking(supplierReference) {
      // The gate belongs to the attraction: any reseller's booking is redeemed here, exactly once.
      await readyToTell();
      const { row, alreadyRedeemed } = await redeemBooking(db, supplierReference, now(), tell);
      return { booking: alreadyRedeemed ? await shape(row) : await changed(row), alreadyRedeemed };
    },

    async undoRedemption(supplierReference) {
      await readyToTell();
      const row = await undoRedemption(db, supplierReference, now(), tell);
      if (row) await changed(row);
    },
  };
}
