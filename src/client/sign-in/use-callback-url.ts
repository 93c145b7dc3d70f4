// Where a sign-in from this page goes afterwards: the callbackUrl of the address (a path of this site,
// or an absolute address of this site as next-auth's own redirects give it), in the visitor's language.
import { useRouter } from 'next/router';
import { safeCallbackUrl } from '@/universal/callback-url';
import { callbackInLanguage } from '@/universal/localized-path';

/** The NEXT_LOCALE cookie the language selector sets. */
export function languageCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return /(?:^|;\s*)NEXT_LOCALE=([^;]+)/.exec(document.cookie)?.[1];
}

export function useCallbackUrl(): string {
  const router = useRouter();
  const origin = typeof window === 'undefined' ? undefined : window.location.origin;
  return callbackInLanguage(safeCallbackUrl(router.query.callbackUrl, origin), router.locale, languageCookie());
}
