// The program report's line "member places used" (decision 0059), on PGlite and on PostgreSQL: counted from
// the slots whose bookings took places kept for members alone, it equals the sum of the allotment's days
// (keptPlacesByDay's `booked`, which walks every slot of every option): each slot at most its allotment (a
// manager's lower capacity too), a closed day's and an unplanned start's bookings left out, cancelled ones too.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTRACTION } from '@/config/attraction';
import { loadCatalog } from '@/modules/inventory/catalog';
import { keptPlacesBooked, keptPlacesByDay } from '@/modules/inventory/kept-places-by-day';
import { plannedStarts } from '@/modules/inventory/schedule';
import { serverNow } from '@/server/clock';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';

describe.each(TEST_BACKENDS)('members’ places booked over a period on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  const now = serverNow();
  const today = todayIn(ATTRACTION.timeZone, now);
  let serial = 0;

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function booking(optionId: string, productId: string, start: Date, status: string, kept: number) {
    serial += 1;
    await database.db.execute(sql`insert into bookings (id, uuid, supplier_reference, reseller_id, status, product_id, option_id, availability_id, slot_start, slot_end,
        unit_count, kept_places, total, currency, created_at, updated_at)
      values (${crypto.randomUUID()}, ${crypto.randomUUID()}, ${`SKY-K${String(serial).padStart(5, '0')}`}, 'website', ${status}, ${productId}, ${optionId},
        ${`kept ${serial}`}, ${start}, ${new Date(start.getTime() + 3_600_000)}, ${Math.max(kept, 1)}, ${kept}, 1000, 'USD', ${now}, ${now})`);
  }

  it('equals the sum of the allotment’s days for any period', async () => {
    const catalog = await loadCatalog();
    const options = catalog.products.flatMap((product) => product.options.map((option) => ({ option, productId: product.id })));
    const statuses = ['CONFIRMED', 'CONFIRMED', 'REDEEMED', 'CANCELLED'];
    for (let i = 0; i < 160; i++) {
      const date = addLocalDays(today, crypto.randomInt(-20, 20));
      const { option, productId } = options[crypto.randomInt(options.length)]!;
      const starts = plannedStarts(date, option, ATTRACTION.timeZone);
      if (!starts.length) continue;
      const start = starts[crypto.randomInt(starts.length)]!;
      // A few at a start the plan does not have; some take no kept place at all.
      const at = crypto.randomInt(10) === 0 ? new Date(start.getTime() + 7 * 60_000) : start;
      await booking(option.id, productId, at, statuses[crypto.randomInt(statuses.length)]!, crypto.randomInt(4) === 0 ? 0 : crypto.randomInt(1, 9));
      // A manager lowered some slots' capacity below what members booked of its share.
      if (crypto.randomInt(8) === 0) {
        await database.db.execute(sql`insert into capacity_overrides (option_id, slot_start, capacity) values (${option.id}, ${start}, ${crypto.randomInt(5, 30)}) on conflict do nothing`);
      }
    }
    await database.db.execute(sql`insert into day_closures (local_date, reason) values (${addLocalDays(today, 3)}, 'Closed for the test')`);

    const ranges = [{ from: addLocalDays(today, -20), to: addLocalDays(today, 20) }, { from: today, to: today }];
    for (let i = 0; i < 5; i++) {
      const a = addLocalDays(today, crypto.randomInt(-22, 22));
      const b = addLocalDays(today, crypto.randomInt(-22, 22));
      ranges.push(a <= b ? { from: a, to: b } : { from: b, to: a });
    }
    const whole = (await keptPlacesByDay(database.db, ranges[0]!, now)).reduce((sum, day) => sum + day.booked, 0);
    expect(whole, 'members booked kept places').toBeGreaterThan(0);
    for (const range of ranges) {
      const days = await keptPlacesByDay(database.db, range, now);
      expect(await keptPlacesBooked(database.db, range), `${range.from} to ${range.to}`).toBe(days.reduce((sum, day) => sum + day.booked, 0));
    }
  });
});
