// The office's booking search over every channel's bookings (the website's and each reseller's), with
// the member who bought each on the website: by booking or ticket reference, e-mail or name.
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { WEBSITE_RESELLER } from '../resellers/reseller-keys';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, bookings, memberships, orders, users } from '@/server/db/schema';

const columns = {
  id: bookings.id,
  uuid: bookings.uuid,
  reference: bookings.supplierReference,
  status: bookings.status,
  channel: bookings.resellerId,
  productId: bookings.productId,
  optionId: bookings.optionId,
  availabilityId: bookings.availabilityId,
  unitCount: bookings.unitCount,
  total: bookings.total,
  currency: bookings.currency,
  contact: bookings.contact,
  createdAt: bookings.createdAt,
  firstName: memberships.firstName,
  lastName: memberships.lastName,
  email: users.email,
};

export type BookingSearchRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

function joined(db: Database) {
  return db.select(columns).from(bookings).leftJoin(orders, eq(orders.bookingUuid, bookings.uuid)).leftJoin(users, eq(users.id, orders.userId)).leftJoin(memberships, eq(memberships.userId, users.id));
}

/**
 * The ids of the bookings whose member (`member`, on users and memberships) or whose reseller's guest (`guest`,
 * on the booking's contact) the text names. Members are found first (a few hundred thousand rows), then their
 * orders by member; a guest among the resellers' bookings only (bookings_reseller_confirmed_idx): the website's
 * bookings carry their member's contact. Over a year of bookings, one OR across the joined tables read every
 * booking (decision 0048).
 */
function byMemberOrGuest(db: Database, member: SQL, guest: SQL) {
  const members = db
    .select({ id: bookings.id })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(orders, eq(orders.userId, users.id))
    .innerJoin(bookings, eq(bookings.uuid, orders.bookingUuid))
    .where(member);
  const guests = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(sql`${bookings.resellerId} <> ${sql.raw(`'${WEBSITE_RESELLER}'`)}`, guest));
  return union(members, guests);
}

/** Up to 50 bookings, newest first, that `text` names; holds that were never paid are left out. */
export async function searchBookings(db: Database, text: string) {
  const upper = text.toUpperCase();
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let where;
  if (/^SKY-[0-9A-Z]{6}$/.test(upper)) where = eq(bookings.supplierReference, upper);
  else if (/^TKT-[0-9A-Z]{8}$/.test(upper)) where = sql`${bookings.id} in (select ${bookingUnitItems.bookingId} from ${bookingUnitItems} where ${bookingUnitItems.supplierReference} = ${upper})`;
  else if (text.includes('@'))
    where = inArray(bookings.id, byMemberOrGuest(db, ilike(users.email, pattern), sql`${bookings.contact}->>'emailAddress' ilike ${pattern}`));
  else
    where = inArray(
      bookings.id,
      byMemberOrGuest(
        db,
        ilike(sql`${memberships.firstName} || ' ' || ${memberships.lastName}`, pattern),
        or(sql`${bookings.contact}->>'fullName' ilike ${pattern}`, sql`(${bookings.contact}->>'firstName') || ' ' || (${bookings.contact}->>'lastName') ilike ${pattern}`)!,
      ),
    );
  return joined(db)
    .where(and(where, sql`${bookings.status} <> 'ON_HOLD'`))
    .orderBy(desc(bookings.createdAt))
    .limit(50);
}

/** The booking with this (upper-case) reference, with its buyer. */
export async function bookingWithBuyer(db: Database, reference: string) {
  const [row] = await joined(db).where(eq(bookings.supplierReference, reference));
  return row;
}
