// The member's tokens, polled while signed in (docs/product.md#calls: every 10 s, dedupe 10 s, revalidate
// on focus, 3 retries), with a toast for new ones (5 s), never on the first load.
import { useEffect, useRef } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '../i18n';
import { toast } from '../toast';
import useSWR, { SWRConfig } from 'swr';
import type { Membership } from '@/modules/loyalty/membership';
import { useMemberSession } from '../session/use-member-session';
import { newTokenIds } from './new-tokens';

export const MEMBERSHIP_POLL_MS = 10_000;
/**
 * docs/product.md asks for a 10 s dedupe. SWR times its first poll from the mount, a few ms before the first
 * request starts, so a window of exactly 10 s swallows that poll and the first check comes at 20 s. Half a
 * second less keeps the dedupe and the 10 s rhythm (docs/decisions/0008).
 */
export const MEMBERSHIP_DEDUPE_MS = MEMBERSHIP_POLL_MS - 500;
export const NEW_TOKEN_TOAST_MS = 5_000;
export const MEMBERSHIP_KEY = '/api/auth/loyalty/getMembership';

/** The server cannot answer for a moment (a database outage): not a reason to stop polling. */
class BrieflyUnavailable extends Error {}

async function getMembership([url, locale]: [string, string]): Promise<Membership> {
  const response = await fetch(url, { headers: { 'Accept-Language': locale } });
  if (response.status === 503) throw new BrieflyUnavailable(`${url} answered 503`);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Membership;
}

export function useMembership() {
  const { status } = useMemberSession();
  const { locale = 'en' } = useRouter();
  // The names of tokens are in the visitor's language: the key carries it.
  return useSWR(status === 'authenticated' ? ([MEMBERSHIP_KEY, locale] as [string, string]) : null, getMembership, {
    refreshInterval: MEMBERSHIP_POLL_MS,
    dedupingInterval: MEMBERSHIP_DEDUPE_MS,
    revalidateOnFocus: true,
    errorRetryCount: 3,
    // SWR keeps the tokens shown on an error but stops its polling after three retries; during an outage
    // it asks again on the poll's rhythm instead, for as long as it lasts.
    onErrorRetry(error, key, config, revalidate, options) {
      if (error instanceof BrieflyUnavailable) setTimeout(() => void revalidate(options), MEMBERSHIP_POLL_MS);
      else SWRConfig.defaultValue.onErrorRetry(error, key, config as typeof SWRConfig.defaultValue, revalidate, options);
    },
  });
}

/** Watches the membership and toasts new tokens. Mounted once, in the application shell. */
export function useNewTokenToasts(): void {
  const { data } = useMembership();
  const { t } = useTranslation('common');
  const known = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    if (!data) return;
    const fresh = newTokenIds(known.current, data.mintedTokenIds);
    known.current = new Set(data.mintedTokenIds);
    if (fresh.length === 0) return;
    const message = t(fresh.length === 1 ? 'loyalty.newToken' : 'loyalty.newTokens');
    toast.success(message, { duration: NEW_TOKEN_TOAST_MS, id: 'new-token' });
  }, [data, t]);
}
