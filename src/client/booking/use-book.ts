// The Book button (docs/product.md#rules and #roles): a signed-in member, a product, an option and a time, then
// a payment session and the way to /checkout.
import { useRouter } from 'next/router';
import { useTranslation } from '../i18n';
import { toast } from '../toast';
import { ERROR_TOAST_MS } from '../checkout/payment-store';
import { paymentStore, usePayment } from '../checkout/browser-payment';
import { useMemberSession } from '../session/use-member-session';
import { availabilityStore, selectionStore } from './browser-stores';
import { addonChoiceStore } from './addon-choice';
import { promoChoiceStore } from './promo-choice';
import { rewardChoiceStore } from './reward-choice';

export function useBook(): { book: () => void; busy: boolean } {
  const router = useRouter();
  const { status } = useMemberSession();
  const { t } = useTranslation('products');
  const busy = usePayment((s) => s.isCreating);

  function book() {
    // While the sign-in is not known yet (loading, or the server briefly cannot say) the server decides.
    if (status === 'unauthenticated') {
      toast.error(t('messages.mustBeLoggedIn'), { duration: ERROR_TOAST_MS });
      void router.push(`/login?${new URLSearchParams({ callbackUrl: router.asPath })}`);
      return;
    }
    const { productId, optionId, quantities } = selectionStore.getState();
    const { selectedTime } = availabilityStore.getState();
    if (productId && optionId && !selectedTime) {
      toast.error(t('messages.selectTime'), { duration: ERROR_TOAST_MS });
      return;
    }
    // The store goes back to an open session for this very choice (also after a reload) or opens one.
    const { reward, guestPass, giftCard, annualPass } = rewardChoiceStore.getState();
    // A visit with the annual pass (decision 0051) takes no other discount or payment.
    if (annualPass) return void paymentStore.getState().createSession({ isLoggedIn: true, productId, optionId, quantities, selectedTime, annualPass: true });
    const promoCode = promoChoiceStore.getState().code;
    const addons = addonChoiceStore.getState().quantities;
    void paymentStore.getState().createSession({ isLoggedIn: true, productId, optionId, quantities, selectedTime, reward, guestPass, promoCode, addons, giftCard: giftCard.trim() || undefined });
  }

  return { book, busy };
}
