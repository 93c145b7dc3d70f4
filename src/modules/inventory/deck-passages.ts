// The admissions as the deck's occupancy reads them (decision 0045): entries are live admissions, exits
// the rows of deck_exits (modules/gate/record-exit.ts writes them); an exit whose admission was undone
// since does not count (the undo took that person off already).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { deckExits, ticketRedemptions } from '@/server/db/schema';
import { localDay, rowsOf } from '@/server/db/sql-rows';
import { admissionsChangedSince } from './admissions-changed';

/** Entries less exits between two instants, never below zero. */
export async function peopleInsideBetween(db: Database, start: Date, end: Date): Promise<number> {
  const [row] = await rowsOf<{ entries: number; exits: number }>(
    db,
    sql`select
          (select count(*) from ticket_redemptions where undone_at is null and redeemed_at >= ${start} and redeemed_at < ${end})::int as entries,
          (select count(*) from deck_exits e left join ticket_redemptions tr on tr.id = e.admission_id
            where e.exited_at >= ${start} and e.exited_at < ${end} and (e.admission_id is null or tr.undone_at is null))::int as exits`,
  );
  return Math.max((row?.entries ?? 0) - (row?.exits ?? 0), 0);
}

/** The live admission of a ticket, with whether it has left already. */
export async function admissionForExit(db: Database, ticket: string): Promise<{ id: string; at: Date; left: boolean } | undefined> {
  const [row] = await db
    .select({ id: ticketRedemptions.id, at: ticketRedemptions.redeemedAt, exit: deckExits.id })
    .from(ticketRedemptions)
    .leftJoin(deckExits, eq(deckExits.admissionId, ticketRedemptions.id))
    .where(and(eq(ticketRedemptions.ticketReference, ticket), isNull(ticketRedemptions.undoneAt)));
  return row && { id: row.id, at: row.at, left: row.exit !== null };
}

/** One entry (+1) or exit (-1) on the deck, at its local date and hour. */
export type DeckPassage = { date: string; hour: number; step: 1 | -1 };

/** Every entry and exit between two instants, in the order they happened (an entry before an exit at the same instant). */
export async function deckPassages(db: Database, period: { start: Date; end: Date; timeZone: string }): Promise<DeckPassage[]> {
  const { start, end, timeZone } = period;
  const at = (column: string) => sql.raw(column);
  // localDay checks the zone's name before it is written into the SQL (hourOf is used after it).
  const dayOf = (column: string) => localDay(at(column), timeZone);
  const hourOf = (column: string) => sql`extract(hour from ${at(column)} at time zone '${sql.raw(timeZone)}')::int`;
  return rowsOf<DeckPassage>(
    db,
    sql`select date, hour, step from (
          select ${dayOf('redeemed_at')} as date, ${hourOf('redeemed_at')} as hour, 1 as step, redeemed_at as at, 0 as ord
          from ticket_redemptions where undone_at is null and redeemed_at >= ${start} and redeemed_at < ${end}
          union all
          select ${dayOf('e.exited_at')}, ${hourOf('e.exited_at')}, -1, e.exited_at, 1
          from deck_exits e left join ticket_redemptions tr on tr.id = e.admission_id
          where e.exited_at >= ${start} and e.exited_at < ${end} and (e.admission_id is null or tr.undone_at is null)
        ) passages order by at, ord`,
  );
}

/** The local days whose passages changed since `since`: an admission recorded then (an offline gate's scan
 * sent late lands on the day it was scanned: admissions-changed.ts), or undone then (its entry, and its exit,
 * no longer count). Read by the occupancy report's sums (modules/reports/occupancy-days.ts). */
export async function passageDaysChangedSince(db: Database, since: Date, timeZone: string): Promise<string[]> {
  const rows = await rowsOf<{ day: string }>(
    db,
    sql`select ${localDay(sql.raw('a.redeemed_at'), timeZone)} as day from (${admissionsChangedSince(since)}) a
        union
        select ${localDay(sql.raw('e.exited_at'), timeZone)} from deck_exits e join ticket_redemptions tr on tr.id = e.admission_id where tr.undone_at >= ${since}`,
  );
  return rows.map((r) => r.day);
}

/** The local day of the first passage, entry or exit; undefined before any. */
export async function firstPassageDay(db: Database, timeZone: string): Promise<string | undefined> {
  const [first] = await rowsOf<{ day: string | null }>(
    db,
    sql`select ${localDay(sql`least((select min(redeemed_at) from ticket_redemptions), (select min(exited_at) from deck_exits))`, timeZone)} as day`,
  );
  return first?.day ?? undefined;
}
