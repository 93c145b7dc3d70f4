// The gate without the network (decision 0054): what a device holds of the day, and the verdict it gives
// from that alone. Pure: the browser verifies the code's signature (WebCrypto, client/staff/offline-verify.ts)
// and keeps the queue (client/staff/offline-store.ts); the server settles the queued scans later through
// the one admission path (modules/gate/settle-offline.ts). Shared by both, so they read one shape.

export type OfflineTicket = {
  ticket: string;
  unitId: string;
  booking: string;
  /** The booking's status: CONFIRMED, REDEEMED, CANCELLED or EXPIRED. */
  status: string;
  productId: string;
  optionId: string;
  availabilityId: string;
  slotStart: string;
  slotEnd: string;
};

/** A live admission (or, in a delta, one undone since: `undoneAt` set, the ticket admits again). */
export type OfflineAdmission = { ticket: string; booking: string; gate: string; at: string; undoneAt: string | null };

export type OfflineBundle = {
  /** The New York date the bundle is of. */
  day: string;
  /** The server's time when it was read: the next delta asks from here. */
  generatedAt: string;
  /** The site's Ed25519 public keys (raw, base64): the current one, and the previous after a rotation. */
  publicKeys: string[];
  toleranceMinutes: number;
  tickets: OfflineTicket[];
  /** Tickets that no longer admit: their booking was cancelled or expired. (A changed booking's old
   * tickets are simply not among its tickets any more: a signed code naming a held booking but a ticket it
   * no longer has reads CHANGED.) */
  revoked: string[];
  admitted: OfflineAdmission[];
};

/** A scan kept on the device until the server has it. */
export type QueuedScan = { id: string; code: string; ticket: string; booking: string; gate: string; scannedAt: string };

/** What the server made of one queued scan. */
export type SettledScan =
  | { id: string; result: 'admitted'; ticket: string }
  | { id: string; result: 'already-admitted'; ticket: string; usedAt: string; usedGate: string | null; usedBy: string | null }
  | { id: string; result: 'refused'; ticket: string | null; verdict: string };

export type OfflineVerdict =
  | { verdict: 'VALID'; ticket: OfflineTicket }
  | { verdict: 'ALREADY_USED'; ticket: OfflineTicket; usedAt: string; usedGate: string | null }
  | { verdict: 'CANCELLED' | 'CHANGED' | 'WRONG_DAY' | 'WRONG_TIME'; ticket: OfflineTicket | undefined; booking: string }
  | { verdict: 'UNKNOWN' | 'FORGED' };

export const TICKET_CODE_PREFIX = 'SKT1.';
const TICKET_REFERENCE = /^TKT-[0-9A-Z]{8}$/;

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64Bytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

export type ParsedCode = { ticket: string; booking: string; slot: string; signed: Uint8Array; signature: Uint8Array };

/** A signed ticket code taken apart as the server's verifyCode does (modules/tickets/signed-codes.ts):
 * 'malformed' when it is no code, 'forged' when it is not the one spelling we write. */
export function parseTicketCode(code: string): ParsedCode | 'malformed' | 'forged' {
  const text = code.trim();
  if (text.length > 400 || !text.startsWith(TICKET_CODE_PREFIX)) return 'malformed';
  const parts = text.slice(TICKET_CODE_PREFIX.length).split('.');
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]!) || !/^[A-Za-z0-9_-]{86}$/.test(parts[1]!)) return 'malformed';
  const payload = fromBase64Url(parts[0]!);
  const signature = fromBase64Url(parts[1]!);
  if (!payload || !signature) return 'malformed';
  let fields: unknown;
  try {
    fields = JSON.parse(new TextDecoder().decode(payload));
  } catch {
    return 'malformed';
  }
  if (!Array.isArray(fields) || fields.length !== 3 || !fields.every((f) => typeof f === 'string' && f.length > 0 && f.length <= 64)) return 'malformed';
  // One ticket, one code: the unused low bits of a last base64url character must be as we write them.
  if (toBase64Url(signature) !== parts[1] || toBase64Url(payload) !== parts[0]) return 'forged';
  const [ticket, booking, slot] = fields as [string, string, string];
  return { ticket, booking, slot, signed: new TextEncoder().encode(`${TICKET_CODE_PREFIX}${parts[0]}`), signature };
}

/** Whether the text is meant as a signed code (rather than a typed reference). */
export const isOfflineTicketCode = (text: string) => text.trim().toUpperCase().startsWith(TICKET_CODE_PREFIX);

/** A typed ticket reference (TKT-…), as the gate accepts it offline; booking references need the server
 * (the party is chosen there). */
export function typedTicket(text: string): string | undefined {
  const reference = text.trim().toUpperCase();
  return TICKET_REFERENCE.test(reference) ? reference : undefined;
}

/** The bundle with a delta applied: the delta's bookings replace theirs (a change gives a booking new
 * tickets), its admissions are added and its undone ones removed. */
export function applyDelta(bundle: OfflineBundle, delta: OfflineBundle): OfflineBundle {
  const changed = new Set(delta.tickets.map((t) => t.booking));
  const tickets = [...bundle.tickets.filter((t) => !changed.has(t.booking)), ...delta.tickets];
  const admitted = new Map(bundle.admitted.map((a) => [a.ticket, a]));
  for (const a of delta.admitted) {
    if (a.undoneAt) {
      if (admitted.get(a.ticket)?.at === a.at) admitted.delete(a.ticket);
    } else admitted.set(a.ticket, a);
  }
  const revoked = tickets.filter((t) => t.status === 'CANCELLED' || t.status === 'EXPIRED').map((t) => t.ticket);
  return { ...bundle, generatedAt: delta.generatedAt, publicKeys: delta.publicKeys, toleranceMinutes: delta.toleranceMinutes, tickets, revoked, admitted: [...admitted.values()] };
}

/** The offline verdict on a ticket the code or reference names (its signature already checked): the held
 * list, the admissions the device knows of, and its own queue (a second scan of one ticket is refused). */
export function offlineVerdict(bundle: OfflineBundle, queue: QueuedScan[], claim: { ticket: string; booking?: string }, now: Date, day: string): OfflineVerdict {
  const ticket = bundle.tickets.find((t) => t.ticket === claim.ticket);
  if (!ticket) {
    // A signed code naming a booking we hold, whose tickets no longer include it: a change replaced it.
    const booking = claim.booking ? bundle.tickets.find((t) => t.booking === claim.booking) : undefined;
    return booking ? { verdict: 'CHANGED', ticket: undefined, booking: booking.booking } : { verdict: 'UNKNOWN' };
  }
  // Signed by us, yet naming another booking than the ticket's.
  if (claim.booking && claim.booking !== ticket.booking) return { verdict: 'FORGED' };
  if (bundle.revoked.includes(ticket.ticket) || ticket.status === 'CANCELLED' || ticket.status === 'EXPIRED') return { verdict: 'CANCELLED', ticket, booking: ticket.booking };
  const mine = queue.find((q) => q.ticket === ticket.ticket);
  if (mine) return { verdict: 'ALREADY_USED', ticket, usedAt: mine.scannedAt, usedGate: mine.gate };
  const used = bundle.admitted.find((a) => a.ticket === ticket.ticket && !a.undoneAt);
  if (used) return { verdict: 'ALREADY_USED', ticket, usedAt: used.at, usedGate: used.gate };
  const tolerance = bundle.toleranceMinutes * 60_000;
  if (now.getTime() < new Date(ticket.slotStart).getTime() - tolerance || now.getTime() > new Date(ticket.slotEnd).getTime() + tolerance) {
    return { verdict: ticket.availabilityId.slice(0, 10) === day ? 'WRONG_TIME' : 'WRONG_DAY', ticket, booking: ticket.booking };
  }
  return { verdict: 'VALID', ticket };
}
