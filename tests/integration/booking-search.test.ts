// The office's booking search by a name or an e-mail that many bookings share (decision 0059), on PGlite and
// on PostgreSQL: the newest 50 of each side (members' orders, resellers' guests) are kept before the join, and
// the answer is what joining every match and keeping the newest 50 gives: the same bookings in the same order,
// holds never paid left out, bookings made at the same instant included or not as one set.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchBookings } from '@/modules/inventory/booking-search';
import { serverNow } from '@/server/clock';
import { rowsOf } from '@/server/db/sql-rows';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';

const MINUTE = 60_000;

describe.each(TEST_BACKENDS)('booking search by a shared name on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  let serial = 0;
  const now = serverNow();
  // Some bookings share their instant (a tie at the 50th place is decided by the booking's id).
  const instant = () => new Date(now.getTime() - (crypto.randomInt(400) * MINUTE));

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function booking(resellerId: string, status: string, contact: Record<string, string> | null) {
    serial += 1;
    const row = { id: crypto.randomUUID(), uuid: crypto.randomUUID(), reference: `SKY-S${String(serial).padStart(5, '0')}`, createdAt: instant() };
    await database.db.execute(sql`insert into bookings (id, uuid, supplier_reference, reseller_id, status, product_id, option_id, availability_id, slot_start, slot_end,
        unit_count, total, currency, contact, created_at, updated_at)
      values (${row.id}, ${row.uuid}, ${row.reference}, ${resellerId}, ${status}, 'main-deck', 'main-deck-day', 'search', ${now}, ${now},
        2, 5000, 'USD', ${contact ? JSON.stringify(contact) : null}::jsonb, ${row.createdAt}, ${row.createdAt})`);
    return row;
  }

  async function member(first: string, last: string, email: string) {
    const userId = crypto.randomUUID();
    await database.db.execute(sql`insert into users (id, email) values (${userId}, ${email})`);
    await database.db.execute(sql`insert into memberships (user_id, first_name, last_name, phone_number, country, locale) values (${userId}, ${first}, ${last}, '+15550100', 'US', 'en')`);
    return userId;
  }

  /** A website order of the member and its booking (its payment in the ledger, as every order has). */
  async function order(userId: string, status: string) {
    const row = await booking('website', status, null);
    const orderId = crypto.randomUUID();
    const paymentId = crypto.randomUUID();
    await database.db.execute(sql`insert into payments (id, purpose, reference_id, amount, currency, gateway, gateway_session_id, session, state, created_at)
      values (${paymentId}, 'order', ${orderId}, 5000, 'USD', 'test', ${`cs_test_search_${paymentId}`}, '{}'::jsonb, 'confirmed', ${row.createdAt})`);
    await database.db.execute(sql`insert into orders (id, booking_uuid, supplier_reference, user_id, status, product_id, option_id, product_title, option_title,
        availability_id, lines, total, currency, locale, payment_id, hold_expires_at, created_at)
      values (${orderId}, ${row.uuid}, ${row.reference}, ${userId}, 'CONFIRMED', 'main-deck', 'main-deck-day', 'Product', 'Option', 'search', '[]'::jsonb, 5000, 'USD', 'en',
        ${paymentId}, ${row.createdAt}, ${row.createdAt})`);
    return row;
  }

  /** Every booking the text names, joined whole and sorted, the newest 50: what the search must answer. */
  async function everyMatch(member: string, guest: string, pattern: string) {
    const rows = await rowsOf<{ reference: string }>(
      database.db,
      sql`select b.supplier_reference as reference from bookings b
          left join orders o on o.booking_uuid = b.uuid left join users u on u.id = o.user_id left join memberships m on m.user_id = u.id
          where b.status <> 'ON_HOLD' and ((o.id is not null and ${sql.raw(member)} ilike ${pattern}) or (b.reseller_id <> 'website' and ${sql.raw(guest)} ilike ${pattern}))
          order by b.created_at desc, b.id desc limit 50`,
    );
    return rows.map((r) => r.reference);
  }

  it('answers the newest 50 of every booking of the members and guests it names, as joining them all would', async () => {
    const statuses = ['CONFIRMED', 'CONFIRMED', 'REDEEMED', 'CANCELLED', 'ON_HOLD'];
    for (let i = 0; i < 25; i++) {
      const userId = await member('Yuki', i % 5 === 0 ? 'Tanakawa' : 'Tanaka', `yuki.tanaka${i}@family.example`);
      for (let n = crypto.randomInt(1, 6); n > 0; n--) await order(userId, statuses[crypto.randomInt(statuses.length)]!);
    }
    // Others the search must not find, and resellers' guests who share the name (by full name, or first and last).
    const other = await member('Kenji', 'Sato', 'kenji@family.example');
    for (let n = 0; n < 10; n++) await order(other, 'CONFIRMED');
    for (let i = 0; i < 45; i++) {
      const contact: Record<string, string> = i % 3 === 0 ? { firstName: 'Yuki', lastName: 'Tanaka', emailAddress: `guest${i}@family.example` } : { fullName: i % 7 === 0 ? 'Aiko Mori' : 'Yuki Tanaka', emailAddress: `guest${i}@family.example` };
      await booking(crypto.randomInt(2) ? 'partner-one' : 'partner-two', statuses[crypto.randomInt(statuses.length)]!, contact);
    }

    const byName = await everyMatch(`m.first_name || ' ' || m.last_name`, `coalesce(b.contact->>'fullName', (b.contact->>'firstName') || ' ' || (b.contact->>'lastName'))`, '%yuki tanaka%');
    const found = (await searchBookings(database.db, 'yuki tanaka')).map((b) => b.reference);
    expect(byName, 'more matches than the search shows, from both sides').toHaveLength(50);
    expect(found).toEqual(byName);
    const refs = new Set(found);
    const guestsShown = (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from bookings where reseller_id <> 'website' and supplier_reference in (${sql.join([...refs].map((r) => sql`${r}`), sql`, `)})`))[0]!.n;
    expect(guestsShown, 'guests among the newest').toBeGreaterThan(0);
    expect(guestsShown, 'members among the newest').toBeLessThan(50);

    const byEmail = await everyMatch('u.email', `b.contact->>'emailAddress'`, '%@family.example%');
    expect((await searchBookings(database.db, '@family.example')).map((b) => b.reference)).toEqual(byEmail);
    // A name only a few bookings carry: all of them.
    const few = await everyMatch(`m.first_name || ' ' || m.last_name`, `b.contact->>'fullName'`, '%aiko mori%');
    expect(few.length).toBeGreaterThan(0);
    expect((await searchBookings(database.db, 'Aiko Mori')).map((b) => b.reference)).toEqual(few);
  });
});
