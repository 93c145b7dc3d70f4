// The job runner of this server process (docs/decisions/0027): each kind of background work handled with
// the collaborators this server is configured with. Started once, at start-up.
import { sendQueuedMail } from '@/modules/email/mail-queue';
import { startJobRunner as startRunner, type JobRunner } from '@/modules/jobs/job-runner';
import { pruneJobs } from '@/modules/jobs/prune-jobs';
import type { JobHandlers } from '@/modules/jobs/run-due-jobs';
import { issueToken } from '@/modules/loyalty/issue-token';
import { deliverWebhook } from '@/modules/resellers/deliver-webhooks';
import { offerFreedPlaces } from '@/modules/waitlist/offer-places';
import { pushToWallet } from '@/modules/wallet/deliver-pass-updates';
import { programJobHandlers } from '@/modules/program/tier-jobs';
import { pointsJobHandlers } from '@/modules/program/points-jobs';
import { challengeJobHandlers } from '@/modules/program/challenge-jobs';
import { reportSumsJobHandlers } from '@/modules/reports/report-sums-job';
import { soldOutJobHandlers } from '@/modules/onsale/sold-out';
import { retryRefund } from '@/modules/payments/refund-payment';
import { checkPayment } from '@/modules/payments/check-payment';
import { deliverGiftCard } from '@/modules/gift-cards/deliver-gift-card';
import { releaseDeadCompletionLeases } from '@/modules/payments/release-dead-leases';
import { getDb, isSharedDatabase } from '@/server/db/client';
import { processGlobal } from '@/universal/process-global';
import { getCheckoutDeps } from './checkout';
import { getIssuer } from './collectibles';
import { walletPushServices } from './wallet';
import { webhookEgress } from './webhook-egress';
import { log } from '@/server/log';

async function jobHandlers(): Promise<JobHandlers> {
  const db = await getDb();
  const deps = await getCheckoutDeps();
  const issuer = await getIssuer();
  const wallets = walletPushServices();
  return {
    'mail.send': (mail) => sendQueuedMail(db, deps.mail, mail.idempotencyKey),
    'loyalty.issue': (token) => issueToken(db, issuer, token.issueId),
    'webhook.deliver': (delivery, job) => deliverWebhook(db, delivery, job, webhookEgress()),
    'wallet.push': async (push) => {
      try {
        await pushToWallet({ db, ...wallets }, push);
      } finally {
        // One APNs connection per push: an idle one would keep the process from ending.
        wallets.apple?.close();
      }
    },
    'waitlist.offer': async () => {
      const run = await offerFreedPlaces(deps);
      if (run.offered || run.expired) log.info(`[waitlist] offered ${run.offered}, closed ${run.expired} place(s) in line of slots that started`);
    },
    'payments.check': (check, job) => checkPayment(deps, check.paymentId, job),
    'refunds.retry': (job) => retryRefund(deps, job.refundId),
    'giftcards.deliver': async (card) => {
      await deliverGiftCard(deps, card.giftCardId);
    },
    ...programJobHandlers(db),
    ...pointsJobHandlers(db),
    ...challengeJobHandlers(db),
    ...reportSumsJobHandlers(db),
    ...soldOutJobHandlers(db, deps.supplier),
    'jobs.prune': async () => {
      await pruneJobs(db);
    },
  };
}

const runner = processGlobal<{ started?: Promise<JobRunner> }>('job-runner', () => ({}));

export function startJobRunner(): Promise<JobRunner> {
  runner.started ??= (async () => {
    const db = await getDb();
    const leasesAreStale = !isSharedDatabase();
    // Before the runner's first pass, which takes up the payments' check jobs at once (due at start).
    if (leasesAreStale) {
      await releaseDeadCompletionLeases(db).catch((error: unknown) =>
        log.error('[payments] releasing a dead process’s completion leases failed; they run out by themselves', { error }),
      );
    }
    return startRunner(db, { handlers: await jobHandlers(), leasesAreStale });
  })();
  return runner.started;
}
