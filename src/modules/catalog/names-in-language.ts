// Names in the language of what the server writes (an e-mail, a calendar entry, a wallet pass), from the
// catalogue's translations rather than the names stored with the order (src/universal/catalog-names.ts).
import { isLocale, DEFAULT_LOCALE } from '@/config/locales';
import { serverT } from '@/server/i18n';
import { withNamesIn, type NameLookup } from '@/universal/catalog-names';

const asIs = (key: string) => key;

/** The catalog translator of a language (English for one the site does not speak). */
function catalogLookup(locale: string): NameLookup {
  const t = serverT(isLocale(locale) ? locale : DEFAULT_LOCALE, 'catalog');
  return (key, options) => t(key, options);
}

/** The order (a row or a view) with its product, option and ticket names in `locale`. */
export function orderNamedIn<T extends Parameters<typeof withNamesIn>[2]>(order: T, locale: string): T {
  return withNamesIn(catalogLookup(locale), asIs, order);
}
