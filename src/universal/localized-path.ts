// The visitor's language through every redirect (sign-in link, sign-out, SessionRequired, errors, the
// checkout return): Next.js puts every locale but English in front of the path (/ja/profile).
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/config/locales';

/** A first segment shaped like a language tag (ja, zh-TW, pt-br; two letters, so /dev is a page): a locale prefix, ours or foreign. */
const LANGUAGE_TAG = /^[a-z]{2}(-[a-z]{2,4})?$/i;

/** The path's locale prefix, if it is one of ours, and the path without any language prefix. */
export function splitLocale(path: string): { locale?: Locale; foreign: boolean; rest: string } {
  const match = /^\/([^/?#]+)(.*)$/.exec(path);
  const first = match?.[1];
  if (!match || !first || !LANGUAGE_TAG.test(first)) return { foreign: false, rest: path };
  const rest = match[2] && !/^[?#]/.test(match[2]) ? match[2] : `/${match[2] ?? ''}`;
  if (isLocale(first)) return { locale: first, foreign: false, rest };
  return { foreign: true, rest };
}

/** The path as Next.js serves it in this locale: no prefix for English, /ja/… for Japanese. */
export function localizedPath(path: string, locale: Locale): string {
  const { rest } = splitLocale(path);
  if (locale === DEFAULT_LOCALE) return rest;
  return rest === '/' ? `/${locale}` : /^\/[?#]/.test(rest) ? `/${locale}${rest.slice(1)}` : `/${locale}${rest}`;
}

/**
 * Where to go after signing in, in the visitor's language. A callbackUrl already in the page's language
 * is kept; one with a foreign locale prefix or none takes the language cookie (NEXT_LOCALE), else the
 * page's language.
 */
export function callbackInLanguage(callbackPath: string, pageLocale: string | undefined, cookieLocale: string | undefined): string {
  const page = isLocale(pageLocale) ? pageLocale : DEFAULT_LOCALE;
  const { locale } = splitLocale(callbackPath);
  if (locale && locale === page && locale !== DEFAULT_LOCALE) return callbackPath;
  return localizedPath(callbackPath, isLocale(cookieLocale) ? cookieLocale : page);
}
