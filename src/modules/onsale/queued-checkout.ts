// Book through the on-sale's queue (decision 0056): POST /api/auth/octo/bookings/payWithPayment calls this. A
// hold covered by a live on-sale needs its pass, used in the hold's transaction; after such a hold, or a
// refusal for lack of places, the on-sale is marked sold out once its day has no place left, so the queue
// hears it at once. Outside any on-sale, a rush of holds switches the queue on by itself (auto-queue.ts).
import type { Locale } from '@/config/locales';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import type { CheckoutRequest } from '../checkout/checkout-request';
import type { CheckoutDeps } from '../checkout/deps';
import { startCheckout, type StartedCheckout } from '../checkout/start-checkout';
import { switchOnWhenBusy } from './auto-queue';
import type { OnsaleDeps } from './deps';
import { queueAdmission } from './queue-admission';
import { markSoldOutIfGone } from './sold-out';

export async function startQueuedCheckout(
  deps: CheckoutDeps,
  onsale: OnsaleDeps & { autoHoldsPerMinute: number },
  member: { userId: string; email: string },
  request: CheckoutRequest,
  locale: Locale,
  passOf: (onsaleId: string) => string | undefined,
): Promise<StartedCheckout> {
  const admission = await queueAdmission(onsale, { userId: member.userId, productId: request.productId, availabilityId: request.selectedTime }, passOf);
  const soldOutCheck = () => {
    if (!admission) return;
    return markSoldOutIfGone(onsale.db, deps.supplier, admission.onsaleId, onsale.now()).catch((error: unknown) => log.warn('[onsale] the places left could not be read', { error }));
  };
  try {
    const started = await startCheckout(deps, member, request, locale, admission);
    await soldOutCheck();
    if (!admission) await switchOnWhenBusy(onsale, onsale.autoHoldsPerMinute).catch((error: unknown) => log.warn('[onsale] the automatic queue check failed', { error }));
    return started;
  } catch (error) {
    if (error instanceof AppError && error.code === 'SOLD_OUT') await soldOutCheck();
    throw error;
  }
}
