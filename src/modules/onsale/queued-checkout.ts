// Book through the on-sale's queue (decision 0056): POST /api/auth/octo/bookings/payWithPayment calls this. A
// hold covered by a live on-sale needs its pass, used in the hold's transaction; such a hold, or a refusal for
// lack of places, asks the job runner to read the places left (sold-out.ts), so the queue hears at once that
// the on-sale is sold out. Outside any on-sale, a rush of holds switches the queue on by itself (auto-queue.ts).
import type { Locale } from '@/config/locales';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import type { CheckoutRequest } from '../checkout/checkout-request';
import type { CheckoutDeps } from '../checkout/deps';
import { startCheckout, type StartedCheckout } from '../checkout/start-checkout';
import { switchOnWhenBusy } from './auto-queue';
import type { OnsaleDeps } from './deps';
import { queueAdmission } from './queue-admission';
import { askSoldOutCheck } from './sold-out';

export async function startQueuedCheckout(
  deps: CheckoutDeps,
  onsale: OnsaleDeps & { autoHoldsPerMinute: number },
  member: { userId: string; email: string },
  request: CheckoutRequest,
  locale: Locale,
  passOf: (onsaleId: string) => string | undefined,
): Promise<StartedCheckout> {
  const admission = await queueAdmission(onsale, { userId: member.userId, productId: request.productId, availabilityId: request.selectedTime }, passOf);
  try {
    const started = await startCheckout(deps, member, request, locale, admission);
    if (!admission) await switchOnWhenBusy(onsale, onsale.autoHoldsPerMinute).catch((error: unknown) => log.warn('[onsale] the automatic queue check failed', { error }));
    return started;
  } catch (error) {
    // A refusal for lack of places asks for the read too (a hold's own commit asked with it): the read that
    // marks the on-sale sold out is never missed, even when the last hold's process stopped after its commit.
    if (admission && error instanceof AppError && error.code === 'SOLD_OUT')
      await askSoldOutCheck(onsale.db, admission.onsale, onsale.now()).catch((e: unknown) => log.warn('[onsale] the sold-out read could not be asked for', { error: e }));
    throw error;
  }
}
