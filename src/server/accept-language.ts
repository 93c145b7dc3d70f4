// The visitor's language from an Accept-Language header, by the header's own parser (negotiator) and
// the standard locale matching algorithm (@formatjs/intl-localematcher): "zh-Hant-HK" finds zh-TW,
// "pt-BR" finds pt, and a tag we do not speak is passed over.
import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { LOCALES, type Locale } from '@/config/locales';

const NONE = 'und';

function isValidTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** The best supported locale for the header, or undefined when it names none we speak. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const wanted = new Negotiator({ headers: { 'accept-language': header } }).languages().filter((tag) => tag !== '*' && isValidTag(tag));
  if (wanted.length === 0) return undefined;
  const best = match(wanted, LOCALES, NONE, { algorithm: 'best fit' });
  return best === NONE ? undefined : (best as Locale);
}
