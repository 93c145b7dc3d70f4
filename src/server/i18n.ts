// Translation on the server (e-mails, API errors, the OCTO catalogue) with i18next, from the same
// locales/{lng}/{ns}.json files the pages use. Every file is read once, at the first translation.
import fs from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type Resource } from 'i18next';
import type { NextApiRequest } from 'next';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '@/config/locales';
import { localeFromAcceptLanguage } from './accept-language';

let instance: i18n | undefined;

function translator(): i18n {
  if (instance) return instance;
  const root = path.join(process.cwd(), 'locales');
  const namespaces = fs.readdirSync(path.join(root, DEFAULT_LOCALE)).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
  const resources: Resource = {};
  // A file missing in one language falls back to English (the translations test keeps them complete).
  const read = (locale: string, ns: string) => {
    const file = path.join(root, locale, `${ns}.json`);
    return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  };
  for (const locale of LOCALES) resources[locale] = Object.fromEntries(namespaces.map((ns) => [ns, read(locale, ns)]));
  const made = i18next.createInstance();
  // Resources are in memory, so initialisation is synchronous.
  void made.init({
    resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: namespaces,
    defaultNS: 'common',
    initAsync: false,
    // Texts go into JSON answers and are escaped where they go into HTML (src/modules/email/layout.ts).
    interpolation: { escapeValue: false },
  });
  return (instance = made);
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A translator for one locale and namespace, falling back to English, then to the key. */
export function serverT(locale: Locale, ns = 'common'): Translate {
  const t = translator().getFixedT(locale, ns);
  return (key, values) => t(key, values ?? {}) as string;
}

/** Whether the English texts have this key: the source of every other language. */
export function hasMessage(key: string, ns = 'common'): boolean {
  return translator().exists(key, { ns, lng: DEFAULT_LOCALE });
}

/** The visitor's language: ?locale=, then the NEXT_LOCALE cookie, then Accept-Language. */
export function requestLocale(req: Pick<NextApiRequest, 'query' | 'cookies' | 'headers'>): Locale {
  const fromQuery = req.query?.locale;
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = req.cookies?.NEXT_LOCALE;
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(req.headers?.['accept-language']) ?? DEFAULT_LOCALE;
}
