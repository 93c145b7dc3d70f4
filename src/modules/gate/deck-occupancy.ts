// How many people are on the deck now (decision 0045): today's live admissions (New York's day) less
// today's exits, never below zero, against the limit in config/attraction.json (deck.occupancyLimit).
import { ATTRACTION } from '@/config/attraction';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { todayIn } from '@/universal/local-date';
import { peopleInsideBetween } from '../inventory/deck-passages';
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
  return peopleInsideBetween(db, start, end);
}

export async function deckOccupancy(db: Database, now = serverNow()): Promise<Occupancy> {
  return { inside: await peopleInside(db, now), limit: DECK.occupancyLimit };
}
