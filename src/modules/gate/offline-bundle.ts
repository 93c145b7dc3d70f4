// What a gate takes offline (decision 0054): the day's tickets, the site's public keys, the cancelled and
// the admitted tickets; or, with `since`, only what changed since then (gates poll every few seconds, so
// an admission at one gate reaches the others within seconds). Our own inventory only: an external
// supplier's bookings are read through its port, one at a time.
import { ticketKeys, rawPublicKey } from '@/server/ticket-keys';
import { AppError } from '@/server/errors';
import type { OfflineBundle } from '@/universal/offline-gate';
import { admissionsOfDay, ticketsOfDay } from '../inventory/offline-day';
import type { GateDeps } from './scan-ticket';
import { serverNow } from '@/server/clock';

export async function offlineBundle(deps: GateDeps, day: string, since?: Date): Promise<OfflineBundle> {
  if (!deps.ownInventory) throw new AppError('NOT_FOUND', 'offlineNotAvailable');
  // Read before the rows, so a write between the reads is in the next delta rather than lost.
  const generatedAt = (deps.now ?? serverNow)();
  const [tickets, admissions] = await Promise.all([ticketsOfDay(deps.db, day, since), admissionsOfDay(deps.db, day, since)]);
  const keys = ticketKeys();
  return {
    day,
    generatedAt: generatedAt.toISOString(),
    publicKeys: [rawPublicKey(keys.publicKey), ...(keys.previousPublicKey ? [rawPublicKey(keys.previousPublicKey)] : [])],
    toleranceMinutes: deps.toleranceMinutes,
    tickets: tickets.map((t) => ({ ...t, slotStart: t.slotStart.toISOString(), slotEnd: t.slotEnd.toISOString() })),
    revoked: tickets.filter((t) => t.status === 'CANCELLED' || t.status === 'EXPIRED').map((t) => t.ticket),
    admitted: admissions.map((a) => ({ ticket: a.ticket, booking: a.booking, gate: a.gate, at: a.at.toISOString(), undoneAt: a.undoneAt?.toISOString() ?? null })),
  };
}
