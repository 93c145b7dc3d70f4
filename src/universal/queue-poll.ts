// How soon the waiting room asks again (decision 0056): every 2 s near the front (the turn and the sold-out
// news show within 2 s), less often further back, a tenth of the estimated wait, at most every 15 s, so that
// 20,000 people waiting ask the site about 2,000 times a second instead of 10,000. The server says when
// (`pollAfterMs`, decision 0061): the same rule give or take a tenth, and in a line of more than 7,500 those
// far back at most every minute (`longestPollMs`); the rule stands in when it does not say.
export const QUEUE_POLL_MIN_MS = 2_000;
export const QUEUE_POLL_MAX_MS = 15_000;
/** A long line (decision 0061): those far back ask at most every minute, so that the whole line asks about
 * LINE_ASKS_PER_SECOND times a second; up to 7,500 waiting, that is still every 15 s. */
export const QUEUE_POLL_FAR_MAX_MS = 60_000;
export const LINE_ASKS_PER_SECOND = 500;

/** The longest a waiting buyer is told to wait before asking again, for a line of `waiting` buyers. */
export function longestPollMs(waiting: number): number {
  return Math.min(QUEUE_POLL_FAR_MAX_MS, Math.max(QUEUE_POLL_MAX_MS, (waiting * 1000) / LINE_ASKS_PER_SECOND));
}

/** `busyStreak`: how many answers in a row said "busy" (the queue's store was slow): each one doubles the delay
 * (4 s, 8 s, then 15 s), so a slow store is not asked harder while it catches up. */
export function queuePollDelay(
  answer: { phase: string; estimatedWaitSeconds?: number | null; onsale?: { opensAt: string }; pollAfterMs?: number } | undefined,
  now = Date.now(),
  busyStreak = 0,
  longest = QUEUE_POLL_MAX_MS,
): number {
  if (!answer) return QUEUE_POLL_MIN_MS;
  // The server's word first (decision 0061): it spreads the asks of buyers who came together.
  if (answer.phase !== 'busy' && typeof answer.pollAfterMs === 'number') return Math.min(QUEUE_POLL_FAR_MAX_MS * 1.1, Math.max(QUEUE_POLL_MIN_MS * 0.9, answer.pollAfterMs));
  if (answer.phase === 'busy') return Math.min(QUEUE_POLL_MAX_MS, QUEUE_POLL_MIN_MS * 2 ** Math.max(1, busyStreak));
  if (answer.phase === 'waiting') return Math.min(longest, Math.max(QUEUE_POLL_MIN_MS, ((answer.estimatedWaitSeconds ?? 0) * 1000) / 10));
  // Before the opening: about halfway to it, and every 2 s around it.
  if (answer.phase === 'prequeue' && answer.onsale) return Math.min(QUEUE_POLL_MAX_MS, Math.max(QUEUE_POLL_MIN_MS, (Date.parse(answer.onsale.opensAt) - now) / 2));
  return QUEUE_POLL_MIN_MS;
}
