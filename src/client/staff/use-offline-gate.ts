// The gate's offline side (decision 0054): it keeps the day's bundle fresh while online (a delta every few
// seconds, so other gates' admissions arrive within seconds), judges a scan from it when the network is gone,
// queues the admissions on the device and sends them when the network returns.
import Router from 'next/router';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GateBooking, Verdict } from '@/modules/gate/scan-ticket';
import { TIME_ZONE } from '@/config/attraction';
import { todayIn } from '@/universal/local-date';
import {
  applyDelta,
  isOfflineTicketCode,
  offlineVerdict,
  parseTicketCode,
  typedTicket,
  type OfflineBundle,
  type QueuedScan,
  type SettledScan,
} from '@/universal/offline-gate';
import { forgetScans, loadBundle, queuedScans, queueScan, saveBundle } from './offline-store';
import { verifySignature } from './offline-verify';
import { postJson } from '../api';

/** How often an online gate sends its queue and asks what changed. */
export const POLL_MS = 4000;
/** A delta asks from a little before the last answer: a write committed just after that read, stamped
 * before it, is not lost (applying a delta twice changes nothing). */
const OVERLAP_MS = 30_000;
/** Scans per sync call. */
const SYNC_BATCH = 200;

export type OfflineState = {
  online: boolean;
  /** When the held ticket list was read (the server's time), if one is held. */
  dataFrom: string | undefined;
  queued: number;
  /** What the last syncs reported that was not a plain admission: duplicates and refusals, for the staff. */
  reports: SettledScan[];
  /** Ed25519 missing from this browser's WebCrypto: codes are admitted by lookup in the list alone. */
  lookupOnly: boolean;
};

function gateBookingOf(bundle: OfflineBundle, queue: QueuedScan[], reference: string): GateBooking {
  const tickets = bundle.tickets.filter((t) => t.booking === reference);
  const first = tickets[0]!;
  return {
    reference,
    productId: first.productId,
    optionId: first.optionId,
    slotStart: first.slotStart,
    slotEnd: first.slotEnd,
    availabilityId: first.availabilityId,
    status: first.status,
    tickets: tickets.map((t) => {
      const used = bundle.admitted.find((a) => a.ticket === t.ticket && !a.undoneAt);
      const mine = queue.find((q) => q.ticket === t.ticket);
      return { reference: t.ticket, unitId: t.unitId, admittedAt: used?.at ?? mine?.scannedAt ?? null, admittedBy: null, gate: used?.gate ?? mine?.gate ?? null };
    }),
    // Offline, the verdict names neither an annual pass nor add-ons: the day's list does not carry them, and
    // handing an add-on out is recorded on the server (decisions 0050, 0051).
    annualPass: false,
    addons: [],
  };
}

async function getBundle(bundle: OfflineBundle | undefined): Promise<OfflineBundle> {
  const delta = bundle && bundle.day === todayIn(TIME_ZONE, new Date());
  const url = delta
    ? `/api/staff/gate/offline?date=${bundle.day}&since=${encodeURIComponent(new Date(Date.parse(bundle.generatedAt) - OVERLAP_MS).toISOString())}`
    : '/api/staff/gate/offline';
  const response = await fetch(url, { headers: { 'Accept-Language': Router.locale ?? 'en' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`offline bundle: ${response.status}`);
  const answer = (await response.json()) as OfflineBundle;
  return delta ? applyDelta(bundle, answer) : answer;
}

export function useOfflineGate() {
  const [state, setState] = useState<OfflineState>({ online: true, dataFrom: undefined, queued: 0, reports: [], lookupOnly: false });
  const bundle = useRef<OfflineBundle | undefined>(undefined);
  const busy = useRef(false);

  const update = useCallback(async (patch: Partial<OfflineState>) => {
    const queued = (await queuedScans()).length;
    setState((s) => ({ ...s, ...patch, queued, dataFrom: bundle.current?.generatedAt }));
  }, []);

  /** Sends the queue, then brings the bundle up to date. False when the network is gone. */
  const syncNow = useCallback(async (): Promise<boolean> => {
    if (busy.current) return true;
    busy.current = true;
    try {
      const reports: SettledScan[] = [];
      for (let queue = await queuedScans(); queue.length > 0; queue = await queuedScans()) {
        const batch = queue.slice(0, SYNC_BATCH).map(({ id, code, gate, scannedAt }) => ({ id, code, gate, scannedAt }));
        const { status, data } = await postJson<{ results: SettledScan[] }>('/api/staff/gate/sync', { scans: batch });
        if (status !== 200) throw new Error(`sync: ${status}`);
        await forgetScans(data.results.map((r) => r.id));
        reports.push(...data.results.filter((r) => r.result !== 'admitted'));
      }
      bundle.current = await getBundle(bundle.current);
      await saveBundle(bundle.current);
      setState((s) => ({ ...s, reports: reports.length > 0 ? [...reports, ...s.reports].slice(0, 20) : s.reports }));
      await update({ online: true });
      return true;
    } catch (error) {
      // fetch rejects (a TypeError) when there is no network; an answer that is not 200 (an external
      // supplier's site has no bundle, a database outage) came from a server that is there.
      const online = !(error instanceof TypeError);
      await update({ online });
      return online;
    } finally {
      busy.current = false;
    }
  }, [update]);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      bundle.current = await loadBundle().catch(() => undefined);
      if (!stopped) await update({ online: navigator.onLine });
      if (navigator.onLine && !stopped) await syncNow();
    })();
    const timer = setInterval(() => {
      if (navigator.onLine) void syncNow();
    }, POLL_MS);
    const online = () => void syncNow();
    const offline = () => void update({ online: false });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  }, [syncNow, update]);

  /** The verdict from the held list, the admission queued when VALID; undefined when no list is held. */
  const judge = useCallback(
    async (code: string, gate: string): Promise<Verdict | undefined> => {
      const held = bundle.current;
      if (!held) return undefined;
      let claim: { ticket: string; booking?: string } | undefined;
      if (isOfflineTicketCode(code)) {
        const parsed = parseTicketCode(code);
        if (parsed === 'malformed') return { verdict: 'UNKNOWN' };
        if (parsed === 'forged') return { verdict: 'FORGED' };
        const signature = await verifySignature(parsed, held.publicKeys);
        if (signature === 'forged') return { verdict: 'FORGED' };
        if (signature === 'unavailable') setState((s) => (s.lookupOnly ? s : { ...s, lookupOnly: true }));
        claim = { ticket: parsed.ticket, booking: parsed.booking };
      } else {
        const ticket = typedTicket(code);
        if (!ticket) return { verdict: 'UNKNOWN' };
        claim = { ticket };
      }
      const queue = await queuedScans();
      const now = new Date();
      const found = offlineVerdict(held, queue, claim, now, held.day);
      switch (found.verdict) {
        case 'UNKNOWN':
        case 'FORGED':
          return { verdict: found.verdict };
        case 'VALID': {
          await queueScan({ id: crypto.randomUUID(), code: code.trim(), ticket: found.ticket.ticket, booking: found.ticket.booking, gate, scannedAt: now.toISOString() });
          await update({});
          return { verdict: 'VALID', booking: gateBookingOf(held, await queuedScans(), found.ticket.booking), admitted: [found.ticket.ticket] };
        }
        case 'ALREADY_USED':
          return { verdict: 'ALREADY_USED', booking: gateBookingOf(held, queue, found.ticket.booking), usedAt: found.usedAt, usedBy: '—', usedGate: found.usedGate };
        default:
          return { verdict: found.verdict, booking: gateBookingOf(held, queue, found.booking) };
      }
    },
    [update],
  );

  const dismissReports = useCallback(() => setState((s) => ({ ...s, reports: [] })), []);

  return { state, judge, syncNow, dismissReports };
}
