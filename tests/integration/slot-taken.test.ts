// The places taken per slot that the database keeps (`slot_taken`, decision 0067), on PGlite and PostgreSQL:
// after random writes of bookings of every kind the trigger sees (new bookings in any state, holds confirmed,
// cancelled or expired, redeemed and un-redeemed, units changed, bookings moved to another slot or option,
// bookings deleted, several rows in one statement), the kept count equals a count of the confirmed and
// redeemed bookings themselves; and the availability read (placesTaken) adds the live holds only.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placesTaken } from '@/modules/inventory/places-taken';
import { serverNow } from '@/server/clock';
import { rowsOf } from '@/server/db/sql-rows';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { seededRandom } from '../support/random-period';

const HOUR = 3_600_000;

describe.each(TEST_BACKENDS)('places taken kept per slot on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  const { seed, random } = seededRandom();
  const now = serverNow();
  // Slots far ahead of the seeded catalogue's own bookings, two options.
  const base = Math.floor(now.getTime() / HOUR) * HOUR + 400 * 24 * HOUR;
  const slots = [0, 1, 2, 3].map((i) => new Date(base + i * HOUR));
  const optionIds = ['slot-taken-a', 'slot-taken-b'];
  const ids: string[] = [];

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const statuses = ['ON_HOLD', 'CONFIRMED', 'REDEEMED', 'CANCELLED', 'EXPIRED'] as const;

  async function insertBooking() {
    const id = crypto.randomUUID();
    const start = random.pick(slots);
    await database.db.execute(sql`insert into bookings (id, uuid, supplier_reference, reseller_id, status, product_id, option_id, availability_id, slot_start, slot_end,
        unit_count, total, currency, expires_at)
      values (${id}, ${crypto.randomUUID()}, ${`SKY-T${crypto.randomUUID().slice(0, 8)}`}, 'website', ${random.pick([...statuses])}, 'p', ${random.pick(optionIds)},
        ${start.toISOString()}, ${start}, ${new Date(start.getTime() + HOUR)}, ${random.int(1, 6)}, 1000, 'USD', ${new Date(now.getTime() + random.int(-30, 30) * 60_000)})`);
    ids.push(id);
  }

  /** One random write of a booking already there. */
  async function changeBooking() {
    const id = random.pick(ids);
    const write = random.int(0, 5);
    if (write === 0) await database.db.execute(sql`update bookings set status = ${random.pick([...statuses])} where id = ${id}`);
    else if (write === 1) await database.db.execute(sql`update bookings set unit_count = ${random.int(1, 8)} where id = ${id}`);
    else if (write === 2) await database.db.execute(sql`update bookings set slot_start = ${random.pick(slots)} where id = ${id}`);
    else if (write === 3) await database.db.execute(sql`update bookings set option_id = ${random.pick(optionIds)}, unit_count = unit_count + 1 where id = ${id}`);
    else if (write === 4) await database.db.execute(sql`update bookings set admitted_count = admitted_count + 1, status = 'REDEEMED' where id = ${id} and status = 'CONFIRMED'`);
    else {
      await database.db.execute(sql`delete from bookings where id = ${id}`);
      ids.splice(ids.indexOf(id), 1);
    }
  }

  async function expectKeptAsCounted(label: string) {
    const kept = await rowsOf<{ option_id: string; slot_start: Date | string; taken: number }>(
      database.db,
      sql`select option_id, slot_start, taken from slot_taken where option_id in ('slot-taken-a', 'slot-taken-b') and taken <> 0 order by 1, 2`,
    );
    const counted = await rowsOf<{ option_id: string; slot_start: Date | string; taken: number }>(
      database.db,
      sql`select option_id, slot_start, cast(sum(unit_count) as integer) as taken from bookings
          where option_id in ('slot-taken-a', 'slot-taken-b') and status in ('CONFIRMED', 'REDEEMED') group by 1, 2 order by 1, 2`,
    );
    const plain = (rows: typeof kept) => rows.map((r) => `${r.option_id} ${new Date(r.slot_start).toISOString()} ${Number(r.taken)}`);
    expect(plain(kept), `${label} (seed ${seed})`).toEqual(plain(counted));
  }

  it('equals a count of the confirmed and redeemed bookings after random writes of every kind', async () => {
    for (let i = 0; i < 60; i++) await insertBooking();
    await expectKeptAsCounted('after the inserts');
    for (let i = 0; i < 200; i++) await changeBooking();
    await expectKeptAsCounted('after single writes');
    // Several rows in one statement, inside a transaction that is rolled back, then one that commits.
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update bookings set status = 'CANCELLED' where option_id = 'slot-taken-a'`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await expectKeptAsCounted('after a rolled-back write');
    await database.db.execute(sql`update bookings set status = 'CONFIRMED' where option_id = 'slot-taken-b' and status = 'ON_HOLD'`);
    await expectKeptAsCounted('after holds confirmed in one statement');
  });

  it('adds the live holds, and leaves out the booking being changed', async () => {
    const [slot] = slots;
    const option = optionIds[0]!;
    const [confirmed, held, expired] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const base = (await placesTaken(database.db, option, slot!, slot!, now)).get(slot!.getTime()) ?? 0;
    for (const [id, status, units, expiresAt] of [
      [confirmed, 'CONFIRMED', 3, null],
      [held, 'ON_HOLD', 2, new Date(now.getTime() + 10 * 60_000)],
      [expired, 'ON_HOLD', 5, new Date(now.getTime() - 60_000)],
    ] as const) {
      await database.db.execute(sql`insert into bookings (id, uuid, supplier_reference, reseller_id, status, product_id, option_id, availability_id, slot_start, slot_end, unit_count, total, currency, expires_at)
        values (${id}, ${crypto.randomUUID()}, ${`SKY-U${crypto.randomUUID().slice(0, 8)}`}, 'website', ${status}, 'p', ${option}, ${slot!.toISOString()}, ${slot}, ${new Date(slot!.getTime() + HOUR)}, ${units}, 1000, 'USD', ${expiresAt})`);
    }
    const taken = async (except?: string) => ((await placesTaken(database.db, option, slot!, slot!, now, except)).get(slot!.getTime()) ?? 0) - base;
    expect(await taken()).toBe(5);
    expect(await taken(confirmed)).toBe(2);
    expect(await taken(held)).toBe(3);
    expect(await taken(expired)).toBe(5);
  });
});
