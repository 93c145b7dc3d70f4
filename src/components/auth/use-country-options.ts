import { useMemo } from 'react';
import { useHydrated } from '@/client/use-hydrated';
import { COUNTRY_CODES } from '@/universal/countries';

/**
 * Countries named in the visitor's language, alphabetically. Only in the browser: the server's and the
 * browser's Intl data may name a country differently, which would break hydration.
 */
export function useCountryOptions(locale: string) {
  const inBrowser = useHydrated();
  return useMemo(() => {
    if (!inBrowser) return [];
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const collator = new Intl.Collator(locale);
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
  }, [inBrowser, locale]);
}
