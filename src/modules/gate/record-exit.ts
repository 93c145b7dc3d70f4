// An exit from the deck (decision 0045): a scanned ticket (its QR code or its TKT- reference) or an
// anonymous one (the exit's -1 counter). A ticket leaves only if it is inside: admitted today, not
// undone, not left yet; anything else is refused with its reason and counts nobody out. An anonymous exit
// is refused when the count is already zero. One lock per day (a transaction-scoped advisory lock) orders
// the exits, so two gates at once never take the count below zero.
import { sql } from 'drizzle-orm';
import { ATTRACTION } from '@/config/attraction';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { deckExits } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import { admissionForExit } from '../inventory/deck-passages';
import type { Actor } from '../staff/audit-log';
import { isTicketCode, verifyTicketCode } from '../tickets/ticket-codes';
import { deckOccupancy, peopleInside, todayInstants, type Occupancy } from './deck-occupancy';

export type ExitOutcome = 'LEFT' | 'NOT_INSIDE' | 'NOBODY_INSIDE' | 'UNKNOWN';
export type ExitAnswer = { exit: ExitOutcome; ticket: string | null; occupancy: Occupancy };

export type ExitRequest = { /** A scanned code or typed ticket reference; none for an anonymous exit. */ code?: string; gate: string; by: Actor };

const TICKET_REFERENCE = /^TKT-[0-9A-Z]{8}$/;

/** The ticket a scanned or typed text names, if it is one of ours. */
function ticketOf(text: string): string | undefined {
  if (isTicketCode(text)) {
    const check = verifyTicketCode(text);
    return check.valid ? check.claims.ticket : undefined;
  }
  const typed = text.trim().toUpperCase();
  return TICKET_REFERENCE.test(typed) ? typed : undefined;
}

export async function recordExit(db: Database, request: ExitRequest, now = serverNow()): Promise<ExitAnswer> {
  const ticket = request.code === undefined ? null : (ticketOf(request.code) ?? null);
  if (request.code !== undefined && !ticket) return { exit: 'UNKNOWN', ticket: null, occupancy: await deckOccupancy(db, now) };
  const by = request.by;
  const who = { byUserId: by.kind === 'operator' ? null : by.userId, byEmail: by.kind === 'operator' ? null : by.email };
  const outcome = await db.transaction(async (transaction): Promise<ExitOutcome> => {
    const tx = transaction as unknown as Database;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`deck-exits|${todayIn(ATTRACTION.timeZone, now)}`}, 0))`);
    // Nobody is counted inside (anonymous exits took them out already): this exit counts nobody out either.
    if ((await peopleInside(tx, now)) === 0) return 'NOBODY_INSIDE';
    if (!ticket) {
      await tx.insert(deckExits).values({ gate: request.gate, ...who, exitedAt: now });
      return 'LEFT';
    }
    const { start, end } = todayInstants(now);
    const admission = await admissionForExit(tx, ticket);
    if (!admission || admission.left || admission.at < start || admission.at >= end) return 'NOT_INSIDE';
    await tx.insert(deckExits).values({ admissionId: admission.id, ticketReference: ticket, gate: request.gate, ...who, exitedAt: now });
    return 'LEFT';
  });
  return { exit: outcome, ticket, occupancy: await deckOccupancy(db, now) };
}
