// The queue ticket (decision 0061): what the waiting room's asks carry instead of the session. Given at the
// join (which reads the session) and renewed when the place is drawn: the on-sale, the member and their place
// in line (null in the pre-queue), signed with the site's secret. A place never changes once given, so a
// waiting buyer's ask is answered from the ticket and the on-sale's row alone: no session read, no read of
// their entry. It lets nobody book: the pass does (queue-pass.ts), bound to the member's session at the hold.
import { readSignedFields, signFields } from './signed-fields';

const PURPOSE = 'onsale-ticket';

/** The cookie that carries the ticket of one on-sale, sent only to that on-sale's queue API. */
export const ticketCookieName = (onsaleId: string) => `skypass-queue-${onsaleId}`;
export const ticketCookiePath = (onsaleId: string) => `/api/onsale/${onsaleId}`;

/** A day: the ticket outlives any on-sale's line. */
export const TICKET_MAX_AGE_SECONDS = 86_400;

export type QueueTicket = { onsaleId: string; userId: string; position: number | null };

export function signTicket(ticket: QueueTicket, secret: string): string {
  return signFields(PURPOSE, [ticket.onsaleId, ticket.userId, ticket.position], secret);
}

/** The ticket of `onsaleId`, or undefined when there is none or it is not one of ours. */
export function readTicket(token: string | undefined, onsaleId: string, secret: string): QueueTicket | undefined {
  const fields = readSignedFields(PURPOSE, token, secret);
  if (!fields || fields.length !== 3) return undefined;
  const [id, userId, position] = fields;
  if (id !== onsaleId || typeof userId !== 'string' || !(position === null || (Number.isInteger(position) && (position as number) > 0))) return undefined;
  return { onsaleId, userId, position: position as number | null };
}
