// Every kind of background work, with the shape of its payload (checked when it is enqueued and again when
// it runs) and how it is retried. A new kind of work adds a line here and a handler in src/wiring/jobs.ts.
import { z } from 'zod';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type JobKindPolicy = {
  payload: z.ZodType;
  /** Attempts before the job is marked failed (and `npm run ops -- jobs` lists it). */
  maxAttempts: number;
  /** Exponential back-off: the wait after the first failed attempt, doubled each time up to `lastRetryMs`. */
  firstRetryMs: number;
  lastRetryMs: number;
  /** A recurring kind: the runner keeps one job per period of this length (its dedupe key names the period). */
  everyMs?: number;
  /** Jobs of different lanes run side by side, those of one lane one after another; a runner claims no job
   * of a lane it is still running, so a slow lane holds up no other and no later pass (the lane is written
   * with the job, `jobs.lane`). A lane whose job fails gives its other claimed jobs back until that one's
   * retry (a dead partner costs one timeout per retry, not one per queued job). Kinds without a lane share
   * one lane: one after another. */
  lane?: (payload: Record<string, unknown>) => string;
  /** Due at once when a runner starts on a database no other process uses (the embedded one): work a crash
   * may have left half done is taken up on start, not at its next planned time. */
  dueAtStart?: boolean;
};

const none = z.strictObject({});

export const JOB_KINDS = {
  /** One message of the mail queue (its rows hold the content and the idempotency key). */
  'mail.send': { payload: z.strictObject({ idempotencyKey: z.string().min(1) }), maxAttempts: 50, firstRetryMs: 10_000, lastRetryMs: 30 * MINUTE },
  /** One earned token; a token is never lost while the issuer is down, so it is tried for days. */
  'loyalty.issue': { payload: z.strictObject({ issueId: z.guid() }), maxAttempts: 100, firstRetryMs: 5_000, lastRetryMs: HOUR },
  /** One OCTO webhook delivery: the exact body sent (and signed) on every attempt. */
  'webhook.deliver': {
    payload: z.strictObject({ webhookId: z.string().min(1), event: z.string().min(1), body: z.string().min(2) }),
    maxAttempts: 12,
    firstRetryMs: 5_000,
    lastRetryMs: HOUR,
    // A webhook's receiver is one partner's server: a slow or dead one delays no one else's.
    lane: (payload) => `webhook:${String(payload.webhookId)}`,
  },
  /** One push to a wallet: an Apple device's push token, or a Google object to set INACTIVE (a ticket's) or
   * to rewrite from the member's current state (`pass: 'member-card'`, the membership card: decision 0043). */
  'wallet.push': {
    payload: z.strictObject({ wallet: z.enum(['apple', 'google']), target: z.string().min(1), topic: z.string().nullable(), pass: z.enum(['ticket', 'member-card']).optional() }),
    maxAttempts: 12,
    firstRetryMs: 5_000,
    lastRetryMs: HOUR,
  },
  /** Offer freed places to the waitlist: every few seconds (holds that simply run out) and whenever a change
   * frees places. (An offer's fate is settled with its order, not here: decision 0032.) */
  'waitlist.offer': { payload: none, maxAttempts: 3, firstRetryMs: 5_000, lastRetryMs: MINUTE, everyMs: 5_000 },
  /** One pending payment (an order's or a change's), asked of the gateway until it is settled: enqueued with
   * the payment, due once the member had time to pay; a session still open is asked about again later
   * (JobNotYet, not a failure). Failures (the supplier or the gateway down) back off for about a day and a
   * half of tries, then `npm run ops -- jobs` lists it failed. */
  'payments.check': { payload: z.strictObject({ paymentId: z.guid() }), maxAttempts: 40, firstRetryMs: 15_000, lastRetryMs: HOUR, dueAtStart: true },
  /** One pending refund of the ledger, asked of the gateway again under its idempotency key until it is
   * taken: enqueued with the refund, it waits for the caller's own attempt first (about a day and a half of
   * tries, then `npm run ops -- jobs` lists it failed; the refund stays pending, its amount spoken for). */
  'refunds.retry': { payload: z.strictObject({ refundId: z.guid() }), maxAttempts: 40, firstRetryMs: 30_000, lastRetryMs: HOUR },
  /** One gift card e-mailed on its chosen date (decision 0047): enqueued when its payment is confirmed, due
   * at midnight of that New York date. */
  'giftcards.deliver': { payload: z.strictObject({ giftCardId: z.guid() }), maxAttempts: 20, firstRetryMs: 30_000, lastRetryMs: HOUR },
  /** One member's tier recomputed from their visits (decision 0036): enqueued with each admission, undo or
   * cancellation that changes them, coalesced per member. */
  'program.recompute': { payload: z.strictObject({ userId: z.string().min(1) }), maxAttempts: 20, firstRetryMs: 5_000, lastRetryMs: HOUR },
  /** One member's Sky Moments challenges judged from their visits (decision 0043): enqueued with each
   * admission of their bookings, coalesced per member; a challenge completes once (a unique index). */
  'program.challenges': { payload: z.strictObject({ userId: z.string().min(1) }), maxAttempts: 20, firstRetryMs: 5_000, lastRetryMs: HOUR },
  /** Members whose oldest counted visit has aged out of the window, recomputed (a tier can fall back). */
  'program.tiers': { payload: none, maxAttempts: 3, firstRetryMs: MINUTE, lastRetryMs: HOUR, everyMs: HOUR },
  /** Confirmed points past their expiry date marked expired (decision 0037); the balance already leaves
   * them out from that New York date on, so once a day is enough. */
  'program.points-expiry': { payload: none, maxAttempts: 3, firstRetryMs: MINUTE, lastRetryMs: HOUR, everyMs: DAY },
  /** The sales and occupancy reports' ended days summed into `sales_days` and `occupancy_hours` (decision 0057):
   * hourly, so that a report reads its rows for today and the hour's changes only; the first run sums a year. */
  'reports.summed-days': { payload: none, maxAttempts: 3, firstRetryMs: MINUTE, lastRetryMs: HOUR, everyMs: HOUR },
  /** One read of the places left in what an on-sale covers, asked by each hold through it and each refusal for
   * lack of places (decision 0066): none left marks it sold out. Coalesced per on-sale, one read at a time. */
  'onsale.sold-out': {
    payload: z.strictObject({ onsaleId: z.guid() }),
    maxAttempts: 5,
    firstRetryMs: 1_000,
    lastRetryMs: 30_000,
    // A read of a busy on-sale's places holds up no other work, and two reads of one on-sale never overlap.
    lane: (payload) => `onsale:${String(payload.onsaleId)}`,
  },
  /** Forget finished jobs after a day (the recurring ones leave one row per period). */
  'jobs.prune': { payload: none, maxAttempts: 3, firstRetryMs: MINUTE, lastRetryMs: HOUR, everyMs: HOUR },
} satisfies Record<string, JobKindPolicy>;

export type JobKind = keyof typeof JOB_KINDS;
export type JobPayload<K extends JobKind> = z.infer<(typeof JOB_KINDS)[K]['payload']>;

/** The wait before the next attempt after `attempts` failed ones. */
export function retryDelayMs(kind: JobKind, attempts: number): number {
  const { firstRetryMs, lastRetryMs } = JOB_KINDS[kind];
  return Math.min(firstRetryMs * 2 ** Math.max(attempts - 1, 0), lastRetryMs);
}
