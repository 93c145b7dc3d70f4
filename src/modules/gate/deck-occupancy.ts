// How many people are on the deck now (decision 0045): today's live admissions (New York's day) less
// today's exits, never below zero, against the limit in config/attraction.json (deck.occupancyLimit).
// An exit whose admission was undone since no longer counts: the undo took that person off already.
import { sql } from 'drizzle-orm';
import { ATTRACTION } from '@/config/attraction';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-rows';
import { todayIn } from '@/universal/local-date';
import { rangeInstants } from '../reports/report-range';

export type Occupancy = { inside: number; limit: number };

/** The deck's people limit and the share of it (in %) from which staff are warned. */
export const DECK = ATTRACTION.deck;

/** The instants where today (in the attraction's time zone) starts and ends. */
export function todayInstants(now: Date): { start: Date; end: Date } {
  const today = todayIn(ATTRACTION.timeZone, now);
  return rangeInstants({ from: today, to: today }, ATTRACTION.timeZone);
}

/** The people inside now, as `db` (or the caller's transaction) sees it. */
export async function peopleInside(db: Database, now = serverNow()): Promise<number> {
  const { start, end } = todayInstants(now);
  const [row] = await rowsOf<{ entries: number; exits: number }>(
    db,
    sql`select
          (select count(*) from ticket_redemptions where undone_at is null and redeemed_at >= ${start} and redeemed_at < ${end})::int as entries,
          (select count(*) from deck_exits e left join ticket_redemptions tr on tr.id = e.admission_id
            where e.exited_at >= ${start} and e.exited_at < ${end} and (e.admission_id is null or tr.undone_at is null))::int as exits`,
  );
  return Math.max((row?.entries ?? 0) - (row?.exits ?? 0), 0);
}

export async function deckOccupancy(db: Database, now = serverNow()): Promise<Occupancy> {
  return { inside: await peopleInside(db, now), limit: DECK.occupancyLimit };
}
