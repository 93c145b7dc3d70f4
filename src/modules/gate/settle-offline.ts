// The server's side of offline scanning (decision 0054): the scans a gate kept while offline, settled one
// by one through the gate's one admission path (scanTicket: the booking's row lock, the partial unique index
// of live admissions), at the time each was scanned. A ticket admitted meanwhile (another gate, another
// device's queue, this device's own earlier sync) is `already-admitted` and reported to the staff with when
// and at which gate; a ticket cancelled or changed meanwhile is `refused`. Never counted twice, whatever the
// order the scans arrive in.
import type { Actor } from '../staff/audit-log';
import { isOfflineTicketCode, parseTicketCode, typedTicket, type QueuedScan, type SettledScan } from '@/universal/offline-gate';
import { scanTicket, type GateDeps } from './scan-ticket';
import { serverNow } from '@/server/clock';

export type OfflineScan = Pick<QueuedScan, 'id' | 'code' | 'gate' | 'scannedAt'>;

/** How far back a queued scan's own time is believed: a device offline longer than this is settled as of
 * this limit (its tickets' days have passed anyway). */
const OLDEST_SCAN_MS = 36 * 3600_000;

/** The ticket a queued scan names: a signed code's (its signature is checked by the scan itself) or a typed
 * ticket reference. A booking reference is never queued: its party is chosen online. */
function namedTicket(code: string): string | undefined {
  if (!isOfflineTicketCode(code)) return typedTicket(code);
  const parsed = parseTicketCode(code);
  return typeof parsed === 'string' ? undefined : parsed.ticket;
}

export async function settleOfflineScans(deps: GateDeps, scans: OfflineScan[], by: Actor): Promise<SettledScan[]> {
  const results: SettledScan[] = [];
  for (const scan of scans) {
    const named = namedTicket(scan.code);
    if (!named) {
      results.push({ id: scan.id, result: 'refused', ticket: null, verdict: 'UNKNOWN' });
      continue;
    }
    const now = (deps.now ?? serverNow)();
    // The device's clock is believed within limits: never in the future, never older than OLDEST_SCAN_MS.
    const at = new Date(Math.min(now.getTime(), Math.max(now.getTime() - OLDEST_SCAN_MS, Date.parse(scan.scannedAt) || now.getTime())));
    const verdict = await scanTicket(deps, { code: scan.code, gate: scan.gate, by, scannedAt: at });
    if (verdict.verdict === 'VALID' && verdict.admitted.length > 0) {
      results.push({ id: scan.id, result: 'admitted', ticket: named });
    } else if (verdict.verdict === 'ALREADY_USED') {
      const ticket = named;
      // This very scan, sent again (the answer to an earlier sync was lost): it is the admission on record.
      const email = by.kind === 'operator' ? null : by.email;
      const same = verdict.usedGate === scan.gate && Date.parse(verdict.usedAt) === at.getTime() && verdict.usedBy === email;
      results.push(same ? { id: scan.id, result: 'admitted', ticket } : { id: scan.id, result: 'already-admitted', ticket, usedAt: verdict.usedAt, usedGate: verdict.usedGate, usedBy: verdict.usedBy });
    } else {
      results.push({ id: scan.id, result: 'refused', ticket: named, verdict: verdict.verdict });
    }
  }
  return results;
}
