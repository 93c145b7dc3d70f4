// A member joins the waitlist of a sold-out slot with the tickets they want. Only a slot that cannot
// seat those tickets now (otherwise: book them), in the future and not closed; one place in line per
// member and slot, and a few slots at a time per member, so no one queues for a whole day.
import { and, count, eq, inArray } from 'drizzle-orm';
import { maxTicketsPerBooking } from '@/config/catalog';
import type { Locale } from '@/config/locales';
import { SupplierError } from '@/ports/supplier';
import { waitlistEntries } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { CheckoutDeps } from '../checkout/deps';
import { memberPerks } from '../program/member-perks';
import { placeInLine } from './place-in-line';
import type { JoinRequest } from './waitlist-request';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

/** Slots a member may wait for at once. */
export const WAITLIST_SLOTS_PER_MEMBER = 5;

export type Joined = { entryId: string; position: number };

export async function joinWaitlist(deps: CheckoutDeps, member: { userId: string }, request: JoinRequest, locale: Locale): Promise<Joined> {
  const { db, supplier } = deps;
  const at = deps.now?.() ?? serverNow();
  const product = await supplier.getProduct(request.productId, locale).catch(refusal);
  const option = product.options.find((o) => o.id === request.optionId);
  if (!option) throw new AppError('VALIDATION', 'selectProductAndOption');
  if (Object.keys(request.quantities).some((unitId) => !option.units.some((u) => u.id === unitId))) throw new AppError('VALIDATION', 'unknownTicketType');
  const places = Object.values(request.quantities).reduce((sum, n) => sum + n, 0);
  const max = maxTicketsPerBooking(product.id);
  if (places > max) throw new AppError('VALIDATION', 'ticketsPerBookingMax', { max });

  const units = Object.entries(request.quantities).map(([id, quantity]) => ({ id, quantity }));
  const [slot] = await supplier
    .availability({ productId: product.id, optionId: option.id, availabilityIds: [request.selectedTime], units, memberTier: (await memberPerks(db, member.userId)).tierId })
    .catch(refusal);
  if (!slot || new Date(slot.localDateTimeStart) <= at) throw new AppError('VALIDATION', 'timeNotAvailable');
  // A slot kept for a higher tier is not one to wait for (decision 0041).
  if ((slot as { membersOnlyTier?: string }).membersOnlyTier) throw new AppError('VALIDATION', 'membersOnlySlot');
  if (slot.status === 'CLOSED') throw new AppError('DAY_CLOSED', 'waitlistDayClosed');
  if (slot.available) throw new AppError('PLACES_AVAILABLE', 'waitlistPlacesAvailable');

  const [{ active = 0 } = {}] = await db
    .select({ active: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.userId, member.userId), inArray(waitlistEntries.status, ['WAITING', 'OFFERED'])));
  if (active >= WAITLIST_SLOTS_PER_MEMBER) throw new AppError('WAITLIST_FULL', 'waitlistTooMany', { max: WAITLIST_SLOTS_PER_MEMBER });

  const [entry] = await db
    .insert(waitlistEntries)
    .values({
      userId: member.userId,
      productId: product.id,
      optionId: option.id,
      availabilityId: slot.id,
      slotStart: new Date(slot.localDateTimeStart),
      quantities: request.quantities,
      places,
      locale,
    })
    .onConflictDoNothing()
    .returning();
  if (!entry) throw new AppError('ALREADY_WAITING', 'waitlistAlreadyJoined');
  return { entryId: entry.id, position: await placeInLine(db, entry) };
}

function refusal(error: unknown): never {
  if (error instanceof SupplierError) {
    if (error.code === 'INVALID_PRODUCT_ID' || error.code === 'INVALID_OPTION_ID') throw new AppError('VALIDATION', 'selectProductAndOption');
    if (error.code === 'INVALID_UNIT_ID') throw new AppError('VALIDATION', 'unknownTicketType');
    if (error.code === 'INVALID_AVAILABILITY_ID' || error.code === 'BAD_REQUEST') throw new AppError('VALIDATION', 'timeNotAvailable');
  }
  if (error instanceof AppError) throw error;
  log.error('[waitlist] supplier failed', { error });
  throw new AppError('SUPPLIER_FAILED', 'internal');
}
