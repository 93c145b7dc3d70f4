// "Join the waitlist" on a sold-out time: the member's choice of tickets goes in line for that slot. An
// anonymous visitor is sent to sign in first and comes back to the same choice, as with Book.
import { useRouter } from 'next/router';
import { useState } from 'react';
import { postJson } from '../api';
import { ERROR_TOAST_MS } from '../checkout/payment-store';
import { useTranslation } from '../i18n';
import { useMemberSession } from '../session/use-member-session';
import { toast } from '../toast';
import { selectionStore } from './browser-stores';

export type JoinedSlot = { availabilityId: string; position: number };

export function useWaitlistJoin() {
  const router = useRouter();
  const { status } = useMemberSession();
  const { t } = useTranslation('products');
  const [busyId, setBusyId] = useState<string>();
  const [joined, setJoined] = useState<JoinedSlot>();

  async function join(availabilityId: string) {
    if (status === 'unauthenticated') {
      toast.error(t('messages.mustBeLoggedIn'), { duration: ERROR_TOAST_MS });
      void router.push(`/login?${new URLSearchParams({ callbackUrl: router.asPath })}`);
      return;
    }
    const { productId, optionId, quantities } = selectionStore.getState();
    setBusyId(availabilityId);
    try {
      const { status: answer, data } = await postJson<{ position?: number; error?: string }>('/api/waitlist', { productId, optionId, quantities, selectedTime: availabilityId });
      if (answer === 201 && data.position) setJoined({ availabilityId, position: data.position });
      else toast.error(data.error ?? t('waitlist.failed'), { duration: ERROR_TOAST_MS });
    } catch {
      toast.error(t('waitlist.failed'), { duration: ERROR_TOAST_MS });
    } finally {
      setBusyId(undefined);
    }
  }

  return { join, busyId, joined };
}
