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

/** At most this many bookings, newest first. */
const LIMIT = 50;
/** Newest first; bookings made at the same instant in the order of their ids, so that the newest 50 are one set. */
const newestFirst = [desc(bookings.createdAt), desc(bookings.id)];
const PAID = sql`${bookings.status} <> 'ON_HOLD'`;

/**
 * The ids of the newest bookings whose member (`member`, on users and memberships) or whose reseller's guest
 * (`guest`, on the booking's contact) the text names: the newest 50 of each side, then the newest 50 of both.
 * Members are found first (trigram indexes), then their orders by member (orders_user_idx, which holds each
 * order's booking) and each booking's date and status (bookings_uuid_created_idx), all from indexes; a guest
 * among the resellers' bookings only: the website's bookings carry their member's contact. Only the 50 kept
 * are then read whole and joined with their buyer: a common name's thousands of bookings were all joined
 * before the newest 50 were kept (decision 0059), and one OR across the joined tables read every booking (0048).
 */
function newestOfMemberOrGuest(db: Database, member: SQL, guest: SQL) {
  const members = db
    .select({ id: bookings.id, createdAt: bookings.createdAt })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(orders, eq(orders.userId, users.id))
    .innerJoin(bookings, eq(bookings.uuid, orders.bookingUuid))
    .where(and(member, PAID))
    .orderBy(...newestFirst)
    .limit(LIMIT);
  const guests = db
    .select({ id: bookings.id, createdAt: bookings.createdAt })
    .from(bookings)
    .where(and(sql`${bookings.resellerId} <> ${sql.raw(`'${WEBSITE_RESELLER}'`)}`, guest, PAID))
    .orderBy(...newestFirst)
    .limit(LIMIT);
  const both = union(members, guests).as('both');
  return db.select({ id: both.id }).from(both).orderBy(desc(both.createdAt), desc(both.id)).limit(LIMIT);
}

/** Up to 50 bookings, newest first, that `text` names; holds that were never paid are left out. */
export async function searchBookings(db: Database, text: string) {
  const upper = text.toUpperCase();
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let where;
  if (/^SKY-[0-9A-Z]{6}$/.test(upper)) where = eq(bookings.supplierReference, upper);
  else if (/^TKT-[0-9A-Z]{8}$/.test(upper)) where = sql`${bookings.id} in (select ${bookingUnitItems.bookingId} from ${bookingUnitItems} where ${bookingUnitItems.supplierReference} = ${upper})`;
  else if (text.includes('@'))
    where = inArray(bookings.id, newestOfMemberOrGuest(db, ilike(users.email, pattern), sql`${bookings.contact}->>'emailAddress' ilike ${pattern}`));
  else
    where = inArray(
      bookings.id,
      newestOfMemberOrGuest(
        db,
        ilike(sql`${memberships.firstName} || ' ' || ${memberships.lastName}`, pattern),
        or(sql`${bookings.contact}->>'fullName' ilike ${pattern}`, sql`(${bookings.contact}->>'firstName') || ' ' || (${bookings.contact}->>'lastName') ilike ${pattern}`)!,
      ),
    );
  return joined(db)
    .where(and(where, PAID))
    .orderBy(...newestFirst)
    .limit(LIMIT);
}

/** The booking with this (upper-case) reference, with its buyer. */
export async function bookingWithBuyer(db: Database, reference: string) {
  const [row] = await joined(db).where(eq(bookings.supplierReference, reference));
  return row;
}
