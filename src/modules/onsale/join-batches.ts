// The join statements (decision 0061), each taken by many members at once (decision 0081): the joins a server
// receives for an on-sale in one turn of its event loop, or while its last join statement is under way, go
// together in one statement (batchWhileBusy). On the biggest day 333 members a second join; one statement each
// was half of the arrival minute's statements, each a round trip, a transaction and an update of the one on-sale
// row. In a quiet moment a join goes alone, a turn later.
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '@/server/db/array-literal';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-rows';
import { batchWhileBusy } from '@/server/batch-while-busy';
import { processGlobal } from '@/universal/process-global';

/** A member joining, and when. */
export type Arrival = { userId: string; at: Date };

/** Part of a join's own statement: its commit does not wait for the disk (synchronous_commit off for this
 * transaction only, decision 0075). The counter's row lock is then held for the statement, not for a WAL flush
 * too. A database crash could lose the last joins of its final moment, counter and entries together; those
 * members are told to join again when they next ask. */
const COMMIT_WITHOUT_WAITING = sql`select set_config('synchronous_commit', 'off', true)`;

/** Into the pre-queue of a SCHEDULED on-sale, without a place. The share lock on the on-sale's row lets joins
 * run side by side and makes the opening (which takes the row's own lock) wait for them. Answers, per arrival,
 * whether this statement put them in (false: already in, or the on-sale is no longer SCHEDULED). */
async function intoPrequeue(db: Database, onsaleId: string, arrivals: Arrival[]): Promise<boolean[]> {
  const first = firstOfTheirMember(arrivals);
  const inserted = await rowsOf<{ user_id: string }>(
    db,
    sql`insert into onsale_queue (onsale_id, user_id, joined_at)
        select o.id, a.user_id, a.joined_at
        from onsales o, ${arrivalRows(arrivals, first)} as a(user_id, joined_at), (${COMMIT_WITHOUT_WAITING}) relaxed
        where o.id = ${onsaleId} and o.status = 'SCHEDULED' for share of o
        on conflict do nothing returning user_id`,
  );
  const putIn = new Set(inserted.map((r) => r.user_id));
  return arrivals.map((a, i) => first[i]! && putIn.has(a.userId));
}

/** The next places at the end of an OPEN line, in the arrivals' order: the counter moved on by as many members as
 * are not in line yet, and their entries, in one statement. The row's lock is held for the statement only, so
 * an entry never falls between the opening's draw and the places given after it. Answers, per arrival, the
 * place this statement gave them (undefined: already in line, or the on-sale is not OPEN). */
async function atTheEnd(db: Database, onsaleId: string, arrivals: Arrival[]): Promise<(number | undefined)[]> {
  const first = firstOfTheirMember(arrivals);
  const placed = await rowsOf<{ user_id: string; position: number }>(
    db,
    sql`with relaxed as (${COMMIT_WITHOUT_WAITING}),
        arrivals as (
          select a.user_id, a.joined_at, a.n
          from ${arrivalRows(arrivals, first)} with ordinality as a(user_id, joined_at, n)
          where not exists (select 1 from onsale_queue q where q.onsale_id = ${onsaleId} and q.user_id = a.user_id)),
        placed as (
          update onsales set next_position = next_position + (select count(*) from arrivals)
          where id = ${onsaleId} and status = 'OPEN' and exists (select 1 from arrivals)
          returning next_position)
        insert into onsale_queue (onsale_id, user_id, joined_at, position)
        select ${onsaleId}, a.user_id, a.joined_at, p.next_position - (select count(*) from arrivals) + row_number() over (order by a.n)
        from arrivals a, placed p, relaxed
        on conflict do nothing returning user_id, position`,
  );
  const places = new Map(placed.map((p) => [p.user_id, Number(p.position)]));
  return arrivals.map((a, i) => (first[i] ? places.get(a.userId) : undefined));
}

/** Per arrival, whether it is its member's first in the batch. A member who came twice at once (two tabs) is sent
 * once, so the counter never moves for an entry the insert then drops (a place nobody would hold); the second
 * arrival is answered as already in. */
function firstOfTheirMember(arrivals: Arrival[]): boolean[] {
  const seen = new Set<string>();
  return arrivals.map(({ userId }) => !seen.has(userId) && Boolean(seen.add(userId)));
}

/** The first arrivals as rows (user_id, joined_at), in their order: two arrays, each bound as one parameter. */
function arrivalRows(arrivals: Arrival[], first: boolean[]) {
  const sent = arrivals.filter((_, i) => first[i]);
  return sql`unnest(${arrayLiteral(sent.map((a) => a.userId))}::text[], ${arrayLiteral(sent.map((a) => a.at.toISOString()))}::timestamptz[])`;
}

type Batches = { prequeue: (a: Arrival) => Promise<boolean>; end: (a: Arrival) => Promise<number | undefined> };

/** This process's batches, per database (tests open many in one process) and on-sale. */
const batches = processGlobal('onsale-join-batches', () => new WeakMap<Database, Map<string, Batches>>());

/** A few on-sales at a time; a batcher forgotten beyond that still answers the calls it has. */
const MAX_ONSALES = 20;

function batchesFor(db: Database, onsaleId: string): Batches {
  let byOnsale = batches.get(db);
  if (!byOnsale) batches.set(db, (byOnsale = new Map()));
  let found = byOnsale.get(onsaleId);
  if (!found) {
    found = {
      prequeue: batchWhileBusy((arrivals: Arrival[]) => intoPrequeue(db, onsaleId, arrivals)),
      end: batchWhileBusy((arrivals: Arrival[]) => atTheEnd(db, onsaleId, arrivals)),
    };
    byOnsale.set(onsaleId, found);
    if (byOnsale.size > MAX_ONSALES) byOnsale.delete(byOnsale.keys().next().value!);
  }
  return found;
}

/** Puts the member in the pre-queue: true when this call did (false: already in, or no longer SCHEDULED). */
export function joinPrequeueBatched(db: Database, onsaleId: string, arrival: Arrival): Promise<boolean> {
  return batchesFor(db, onsaleId).prequeue(arrival);
}

/** Gives the member the next place at the end of the line: the place, or undefined when this call gave none
 * (already in line, or the on-sale is not OPEN). */
export function joinAtTheEndBatched(db: Database, onsaleId: string, arrival: Arrival): Promise<number | undefined> {
  return batchesFor(db, onsaleId).end(arrival);
}
