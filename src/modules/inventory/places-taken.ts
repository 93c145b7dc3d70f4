// Places taken on an option's slots: confirmed and redeemed bookings, and holds that have not expired.
// Confirmed and redeemed places are counted by the database as bookings are written (`slot_taken`, a trigger:
// decision 0067), so the read costs the same after a year of sales as on none; live holds are few and read
// from the bookings. An expired hold gives its places back at its expiry without any job.
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-rows';

/** Places taken per slot start between `from` and `to`, leaving out one booking (the one being changed).
 * One statement, so that the kept count and the holds are read at one moment: a hold confirmed meanwhile is
 * counted once, as a hold or as confirmed. */
export async function placesTaken(
  executor: Database,
  optionId: string,
  from: Date,
  to: Date,
  at: Date,
  exceptBookingId?: string,
): Promise<Map<number, number>> {
  const inSlots = sql`option_id = ${optionId} and slot_start >= ${from} and slot_start <= ${to}`;
  // The booking being changed does not stand in its own way: its hold left out, its kept places taken back.
  const [notItsHold, itsKeptPlaces] = exceptBookingId
    ? [sql` and id <> ${exceptBookingId}`, sql`union all select slot_start, -unit_count from bookings where id = ${exceptBookingId} and ${inSlots} and status in ('CONFIRMED', 'REDEEMED')`]
    : [sql``, sql``];
  const rows = await rowsOf<{ slot_start: Date | string; taken: number }>(
    executor,
    sql`select slot_start, cast(sum(taken) as integer) as taken from (
      select slot_start, taken from slot_taken where ${inSlots}
      union all
      select slot_start, unit_count from bookings where ${inSlots} and status = 'ON_HOLD' and expires_at > ${at}${notItsHold}
      ${itsKeptPlaces}
    ) taken group by slot_start`,
  );
  return new Map(rows.map((r) => [new Date(r.slot_start).getTime(), Number(r.taken)]));
}
