// The Book button's rules (SPEC.md sections 5 and 6): a signed-in member, a product and an option.
import { useRouter } from 'next/router';
import { useSession } from 'next-auth/react';
import { useTranslation } from 'next-i18next/pages';
import toast from 'react-hot-toast';
import { availabilityStore, selectionStore } from './browser-stores';

/** SPEC.md section 9: toasts show for 5 s. */
export const TOAST_MS = 5_000;

export function useBook(): { book: () => boolean } {
  const router = useRouter();
  const { status } = useSession();
  const { t } = useTranslation('products');

  function book(): boolean {
    if (status !== 'authenticated') {
      toast.error(t('messages.mustBeLoggedIn'), { duration: TOAST_MS });
      void router.push(`/login?${new URLSearchParams({ callbackUrl: router.asPath })}`);
      return false;
    }
    const { productId, optionId } = selectionStore.getState();
    if (!productId || !optionId) {
      toast.error(t('messages.selectProductAndOption'), { duration: TOAST_MS });
      return false;
    }
    if (!availabilityStore.getState().selectedTime) {
      toast.error(t('messages.selectTime'), { duration: TOAST_MS });
      return false;
    }
    return true;
  }

  return { book };
}
