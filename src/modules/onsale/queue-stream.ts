// The waiting room's pushed answers (decision 0073). A buyer with a queue ticket may keep one stream open
// (GET /api/onsale/{id}/events) instead of asking every few seconds: each server keeps the streams it holds by
// on-sale, and while it holds any, looks at the on-sale's row as often as it answers from it (ONSALE_CACHE_MS,
// the same shared copy its asks use, onsale-reads.ts) and writes to each stream what an ask would have answered:
// - at once when the answer ends the wait: sold out, the queue over (then the stream ends);
// - at once when the buyer's turn has come, or a place is drawn at the opening in the pre-queue;
// - otherwise when an ask would have been due, far back less often (nextWriteInMs), at least every STREAM_IDLE_MS.
// What needs more than the row and the ticket (the pass, which is a cookie; a store that is down) is never
// written here: the stream says `ask` and ends, and the page asks as it always did. While the store is only
// slow, the push waits for its read and the streams stay silent and open (nobody is sent to ask a slow store
// at once). So the stream only saves work: the answers stay queueStatus's, and a buyer without a stream is
// answered as before.
import { processGlobal } from '@/universal/process-global';
import type { OnsaleDeps } from './deps';
import { FAIL_OPEN, STORE_BUSY } from './fail-open';
import { currentOnsale, ONSALE_CACHE_MS } from './onsale-reads';
import { queueStatus, shownStatus, type QueuePhase } from './queue-status';

/** The longest a stream stays silent: proxies and balancers cut a response that says nothing for long (their
 * usual limits are 60 s and more: nginx's, AWS's and Google's balancers'). Each message is a write on its own
 * socket, and on the biggest day those far back are most of the writes (decision 0075). */
export const STREAM_IDLE_MS = 30_000;

/** How soon a stream writes again: when an ask would have been due (pollAfterMs), or, for a buyer far back, after
 * a tenth of their estimated wait (their place changes little meanwhile; their turn and the sold-out news are
 * written at once anyway); at most STREAM_IDLE_MS. */
export function nextWriteInMs(shown: { pollAfterMs: number; estimatedWaitSeconds?: number | null }): number {
  return Math.min(STREAM_IDLE_MS, Math.max(shown.pollAfterMs, (shown.estimatedWaitSeconds ?? 0) * 100));
}

/** What a stream writes: an answer as the ask gives it, or `ask` (ask now; the stream then ends). */
export type StreamMessage = { ask: true } | ({ phase: QueuePhase; pollAfterMs?: number } & Record<string, unknown>);

export type QueueListener = {
  userId: string;
  /** Their place in line (their ticket's; null in the pre-queue until the draw is read). */
  position: number | null;
  /** Writes one message to the stream. */
  send: (message: StreamMessage) => void;
  /** Ends the stream (after its last message). */
  end: () => void;
  /** When this stream is next written to, on the real clock (ms). */
  dueAt: number;
};

type Line = { listeners: Set<QueueListener>; timer?: ReturnType<typeof setInterval>; pushing?: boolean; deps: OnsaleDeps };

const lines = processGlobal('onsale-streams', () => new Map<string, Line>());

const ENDS_THE_WAIT = new Set<QueuePhase>(['soldOut', 'over', 'passUsed', 'passExpired', 'notInQueue']);

/** Holds `listener`'s stream on this server until it ends or `leave` is called; the first message goes at the
 * next push. `intervalMs` 0: no timer (tests push by hand with pushToStreams). */
export function joinStreams(deps: OnsaleDeps, onsaleId: string, listener: Omit<QueueListener, 'dueAt'>, intervalMs = ONSALE_CACHE_MS): () => void {
  let line = lines.get(onsaleId);
  if (!line) {
    line = { listeners: new Set(), deps };
    lines.set(onsaleId, line);
  }
  const held: QueueListener = { ...listener, dueAt: 0 };
  line.listeners.add(held);
  if (!line.timer && intervalMs > 0) {
    line.timer = setInterval(() => void pushToStreams(onsaleId).catch(() => undefined), intervalMs);
    // The streams keep the server busy, not the process alive.
    line.timer.unref?.();
  }
  return () => leave(onsaleId, held);
}

function leave(onsaleId: string, listener: QueueListener): void {
  const line = lines.get(onsaleId);
  if (!line?.listeners.delete(listener) || line.listeners.size > 0) return;
  if (line.timer) clearInterval(line.timer);
  lines.delete(onsaleId);
}

/** How many streams this server holds for an on-sale (tests; the metrics count them in the route). */
export function streamCount(onsaleId: string): number {
  return lines.get(onsaleId)?.listeners.size ?? 0;
}

/** The most routine answers (a place drawn at the opening, an update due) one push writes for an on-sale; the
 * rest are written by the next push, ONSALE_CACHE_MS later. The opening draws thousands of places at once, and
 * written in one go they held the server from the joins arriving meanwhile (decision 0075). What ends a wait
 * (the turn, sold out, over) is never held back. */
export const ROUTINE_WRITES_PER_PUSH = 300;

/** One look at the on-sale for every stream this server holds of it: writes what is due (above). One push at a
 * time per on-sale; a push that finds the last one still under way leaves it to finish. A stream with nothing
 * due costs a few comparisons: on the biggest day a server holds thousands. */
export async function pushToStreams(onsaleId: string, now = Date.now(), routineWrites = ROUTINE_WRITES_PER_PUSH): Promise<void> {
  const line = lines.get(onsaleId);
  if (!line || line.pushing) return;
  line.pushing = true;
  try {
    let row;
    try {
      row = await currentOnsale(line.deps, onsaleId);
    } catch {
      // The store is down (its read failed): what to do then is the ask's to say (straight through, or busy).
      row = undefined;
    }
    const over = !row || row.soldOutAt !== null || row.status === 'ENDED' || row.status === 'CANCELLED';
    const open = row?.status === 'OPEN' && !over;
    let routine = 0;
    for (const listener of [...line.listeners]) {
      if (!line.listeners.has(listener)) continue;
      const turnCame = open && listener.position !== null && listener.position <= row!.servedThrough;
      const drawn = open && listener.position === null;
      if (!row || turnCame) finish(onsaleId, listener, { ask: true });
      else if (over) await pushTo(line.deps, onsaleId, listener, now);
      else if ((drawn || listener.dueAt <= now) && routine < routineWrites) {
        routine += 1;
        await pushTo(line.deps, onsaleId, listener, now);
      }
    }
  } finally {
    line.pushing = false;
  }
}

function finish(onsaleId: string, listener: QueueListener, message: StreamMessage): void {
  listener.send(message);
  listener.end();
  leave(onsaleId, listener);
}

async function pushTo(deps: OnsaleDeps, onsaleId: string, listener: QueueListener, now: number): Promise<void> {
  let status;
  try {
    status = await queueStatus(deps, onsaleId, listener.userId, { position: listener.position });
  } catch {
    return finish(onsaleId, listener, { ask: true });
  }
  // The turn came (the pass is a cookie: only the ask can give it), or the store could not say.
  if (status === FAIL_OPEN || status === STORE_BUSY || status.phase === 'admitted') return finish(onsaleId, listener, { ask: true });
  // What the ask shows, but the pass's fields (never set here: an admitted member is told to ask).
  const { pass, passExpiresAt, ...shown } = shownStatus(status, deps.now());
  void pass;
  void passExpiresAt;
  if (ENDS_THE_WAIT.has(status.phase)) return finish(onsaleId, listener, shown);
  if (listener.position === null && status.place !== undefined) listener.position = status.place;
  listener.send(shown);
  listener.dueAt = now + nextWriteInMs(shown);
}
