// Add-ons' stock (decision 0050): taken in the hold's transaction, each add-on's stock of the slot or the
// day locked (after the slot's own lock, add-ons in id order, so two holds never wait on each other in a
// circle), and counted like places: holds not expired, confirmed and redeemed bookings. An expired hold or
// a cancelled booking gives its add-ons back at once, without any job.
import { and, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { currentCatalog, type AddonConfig } from '@/config/catalog';
import type { Database } from '@/server/db/client';
import { bookingAddons, bookings } from '@/server/db/schema';
import { SupplierError } from '@/ports/supplier';
import { ATTRACTION } from '@/config/attraction';
import { addonsOffered, addonStockKey } from '@/universal/addon-price';
import { loadCatalog } from './catalog';
import { slotForAvailabilityId, type Slot } from './schedule';
import { lockKey } from './slot-lock';

export type AddonRequest = { addonId: string; quantity: number };
export type BookingAddonRow = typeof bookingAddons.$inferSelect;

const ACTIVE = ['CONFIRMED', 'REDEEMED'] as const;

/** How many of each add-on's stock keys are taken at `at`. */
async function taken(executor: Database, addonId: string, stockKey: string, at: Date): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`cast(coalesce(sum(${bookingAddons.quantity}), 0) as integer)` })
    .from(bookingAddons)
    .innerJoin(bookings, eq(bookings.id, bookingAddons.bookingId))
    .where(
      and(
        eq(bookingAddons.addonId, addonId),
        eq(bookingAddons.stockKey, stockKey),
        or(inArray(bookings.status, [...ACTIVE]), and(eq(bookings.status, 'ON_HOLD'), gt(bookings.expiresAt, at))),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Takes the add-ons for a new hold, inside its transaction (the slot already locked by the caller); refuses
 * (UNPROCESSABLE_ENTITY, reason ADDON_STOCK) when one has fewer left than wanted: the whole hold then fails. */
export async function holdAddons(tx: Database, bookingId: string, slot: Slot, wanted: AddonRequest[], at: Date, catalogue: readonly AddonConfig[] = currentCatalog().addons): Promise<void> {
  const sorted = [...wanted].filter((w) => w.quantity > 0).sort((a, b) => (a.addonId < b.addonId ? -1 : 1));
  for (const want of sorted) {
    const addon = catalogue.find((a) => a.id === want.addonId);
    if (!addon) throw new SupplierError('BAD_REQUEST', 'Unknown add-on', { addonId: want.addonId });
    const stockKey = addonStockKey(addon, slot);
    await lockKey(tx, `addon|${addon.id}|${stockKey}`);
    const left = addon.stock.quantity - (await taken(tx, addon.id, stockKey, at));
    if (left < want.quantity) {
      throw new SupplierError('UNPROCESSABLE_ENTITY', left <= 0 ? 'This add-on is sold out' : `Only ${left} of this add-on left`, { addonId: addon.id }, { reason: 'ADDON_STOCK', addonId: addon.id, left: Math.max(left, 0) });
    }
    await tx.insert(bookingAddons).values({ bookingId, addonId: addon.id, quantity: want.quantity, stockKey });
  }
}

/** What is left of each add-on for a visit in `slot` (the checkout step's "only N left"). */
export async function addonsLeft(db: Database, addons: readonly AddonConfig[], slot: Slot, at: Date): Promise<{ addonId: string; left: number }[]> {
  return Promise.all(addons.map(async (addon) => ({ addonId: addon.id, left: Math.max(0, addon.stock.quantity - (await taken(db, addon.id, addonStockKey(addon, slot), at))) })));
}

export type BookingAddon = { addonId: string; quantity: number; handedOutAt: Date | null; handedOutBy: string | null };

/** The add-ons of a booking (by its uuid), in the catalogue's order. */
export async function addonsOfBooking(db: Database, bookingUuid: string): Promise<BookingAddon[]> {
  const rows = await db
    .select({ addonId: bookingAddons.addonId, quantity: bookingAddons.quantity, handedOutAt: bookingAddons.handedOutAt, handedOutBy: bookingAddons.handedOutBy })
    .from(bookingAddons)
    .innerJoin(bookings, eq(bookings.id, bookingAddons.bookingId))
    .where(eq(bookings.uuid, bookingUuid));
  const position = (id: string) => currentCatalog().addons.findIndex((a) => a.id === id);
  return rows.sort((a, b) => position(a.addonId) - position(b.addonId));
}

/** Marks a booking's add-on handed out, once, inside the caller's transaction (with its audit line): a second
 * call answers the first hand-out (`done` false). Only a confirmed or redeemed booking's add-ons are handed
 * out; undefined when it has no such add-on. */
export async function markAddonHandedOut(tx: Database, bookingUuid: string, addonId: string, by: string, at: Date): Promise<{ addon: BookingAddon; done: boolean } | undefined> {
  const [row] = await tx
    .select({ id: bookingAddons.id, status: bookings.status, handedOutAt: bookingAddons.handedOutAt })
    .from(bookingAddons)
    .innerJoin(bookings, eq(bookings.id, bookingAddons.bookingId))
    .where(and(eq(bookings.uuid, bookingUuid), eq(bookingAddons.addonId, addonId)))
    .for('update', { of: bookingAddons });
  if (!row || !(ACTIVE as readonly string[]).includes(row.status)) return undefined;
  const [updated] = row.handedOutAt
    ? await tx.select().from(bookingAddons).where(eq(bookingAddons.id, row.id))
    : await tx.update(bookingAddons).set({ handedOutAt: at, handedOutBy: by }).where(and(eq(bookingAddons.id, row.id), isNull(bookingAddons.handedOutAt))).returning();
  if (!updated) throw new Error(`add-on ${addonId} of ${bookingUuid} changed under its row lock`);
  const { quantity, handedOutAt, handedOutBy } = updated;
  return { addon: { addonId, quantity, handedOutAt, handedOutBy }, done: !row.handedOutAt };
}

/** What is left of the add-ons offered with an option, for the visit `availabilityId` names; none for a
 * product, option or time our inventory does not have. */
export async function addonsLeftFor(db: Database, request: { productId: string; optionId: string; availabilityId: string }, at: Date): Promise<{ addon: AddonConfig; left: number }[]> {
  const catalog = await loadCatalog();
  const option = catalog.products.find((p) => p.id === request.productId)?.options.find((o) => o.id === request.optionId);
  const slot = option && slotForAvailabilityId(request.availabilityId, option, ATTRACTION.timeZone);
  if (!slot) return [];
  const offered = addonsOffered(currentCatalog().addons, request.productId, request.optionId);
  const left = await addonsLeft(db, offered, slot, at);
  return offered.map((addon, i) => ({ addon, left: left[i]!.left }));
}

/** How many of each add-on were handed out at the gate in [start, end) (the reports, decision 0050). */
export async function addonsHandedOutBetween(db: Database, start: Date, end: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ addonId: bookingAddons.addonId, n: sql<number>`cast(sum(${bookingAddons.quantity}) as integer)` })
    .from(bookingAddons)
    .where(and(gte(bookingAddons.handedOutAt, start), lt(bookingAddons.handedOutAt, end)))
    .groupBy(bookingAddons.addonId);
  return new Map(rows.map((r) => [r.addonId, Number(r.n)]));
}

/** A booking moved to another slot (a change, inside its transaction, the new slot locked): its add-ons are
 * taken from the new slot's or day's stock, refused (ADDON_STOCK) when it has too few left. */
export async function moveAddons(tx: Database, bookingId: string, slot: Slot, at: Date, catalogue: readonly AddonConfig[] = currentCatalog().addons): Promise<void> {
  const rows = await tx.select().from(bookingAddons).where(eq(bookingAddons.bookingId, bookingId));
  for (const row of rows.sort((a, b) => (a.addonId < b.addonId ? -1 : 1))) {
    const addon = catalogue.find((a) => a.id === row.addonId);
    if (!addon) continue;
    const stockKey = addonStockKey(addon, slot);
    if (stockKey === row.stockKey) continue;
    await lockKey(tx, `addon|${addon.id}|${stockKey}`);
    const left = addon.stock.quantity - (await taken(tx, addon.id, stockKey, at));
    if (left < row.quantity) {
      throw new SupplierError('UNPROCESSABLE_ENTITY', left <= 0 ? 'This add-on is sold out' : `Only ${left} of this add-on left`, { addonId: addon.id }, { reason: 'ADDON_STOCK', addonId: addon.id, left: Math.max(left, 0) });
    }
    await tx.update(bookingAddons).set({ stockKey }).where(eq(bookingAddons.id, row.id));
  }
}
