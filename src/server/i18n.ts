// Server-side translation for e-mails and API messages, from the same locales/{lng}/{ns}.json files
// the pages use. Files are read once per process.
import fs from 'node:fs';
import path from 'node:path';
import type { NextApiRequest } from 'next';
import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, type Locale } from '../config/locales';

type Messages = { [key: string]: string | Messages };
const cache = new Map<string, Messages>();

function load(locale: Locale, ns: string): Messages {
  const key = `${locale}/${ns}`;
  let messages = cache.get(key);
  if (!messages) {
    const file = path.join(process.cwd(), 'locales', locale, `${ns}.json`);
    messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Messages;
    cache.set(key, messages);
  }
  return messages;
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A translator for one locale and namespace, falling back to English, then to the key. */
export function serverT(locale: Locale, ns = 'common'): Translate {
  return (key, values = {}) => {
    const template = lookup(load(locale, ns), key) ?? lookup(load(DEFAULT_LOCALE, ns), key) ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
  };
}

/** The visitor's language: ?locale=, then the NEXT_LOCALE cookie, then Accept-Language. */
export function requestLocale(req: Pick<NextApiRequest, 'query' | 'cookies' | 'headers'>): Locale {
  const fromQuery = req.query?.locale;
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = req.cookies?.NEXT_LOCALE;
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(req.headers?.['accept-language']) ?? DEFAULT_LOCALE;
}
