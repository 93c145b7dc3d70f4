// Page props with the translations a page needs, for getStaticProps and getServerSideProps: only the
// namespaces named (and common), in the page's language with English under missing keys, read by the
// provider in src/client/i18n (docs/decisions/0017-own-translations-and-session.md).
import fs from 'node:fs';
import path from 'node:path';
import type { GetStaticProps } from 'next';
import { DEFAULT_LOCALE, isLocale } from '@/config/locales';

type Tree = { [key: string]: string | Tree };
export type TranslationProps = { _translations: { locale: string; namespaces: Record<string, Tree> } };

// docs/product.md#constants: 10 parallel reads, 5 retries starting at 350 ms and doubling.
const PARALLEL_READS = 10;
const RETRIES = 5;
const FIRST_RETRY_MS = 350;

const cache = new Map<string, Promise<Tree>>();
let reading = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (reading >= PARALLEL_READS) await new Promise<void>((resolve) => waiting.push(resolve));
  reading++;
  try {
    return await work();
  } finally {
    reading--;
    waiting.shift()?.();
  }
}

async function readFile(file: string): Promise<Tree> {
  for (let attempt = 0; ; attempt++) {
    try {
      return JSON.parse(await fs.promises.readFile(file, 'utf8')) as Tree;
    } catch (error) {
      // A language without this file falls back to English (the translations test keeps them complete).
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      if (attempt >= RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_MS * 2 ** attempt));
    }
  }
}

function readNamespace(locale: string, ns: string): Promise<Tree> {
  const id = `${locale}/${ns}`;
  const cached = cache.get(id);
  if (cached) return cached;
  const read = limited(() => readFile(path.join(process.cwd(), 'locales', locale, `${ns}.json`)));
  // Re-read on every request while developing, so edited texts show at once; a failed read is retried next time.
  if (process.env.NODE_ENV !== 'development') {
    cache.set(id, read);
    read.catch(() => cache.delete(id));
  }
  return read;
}

/** English under the page's language: a key missing in one language shows in English, never as a key. */
function merge(base: Tree, over: Tree): Tree {
  const out: Tree = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = out[key];
    out[key] = typeof value === 'object' && typeof below === 'object' ? merge(below, value) : value;
  }
  return out;
}

export async function translationProps(locale: string | undefined, namespaces: string[] = []): Promise<TranslationProps> {
  const lng = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const names = [...new Set(['common', ...namespaces])];
  const loaded = await Promise.all(
    names.map(async (ns) => {
      const [own, english] = await Promise.all([readNamespace(lng, ns), lng === DEFAULT_LOCALE ? undefined : readNamespace(DEFAULT_LOCALE, ns)]);
      return [ns, english ? merge(english, own) : own] as const;
    }),
  );
  return { _translations: { locale: lng, namespaces: Object.fromEntries(loaded) } };
}

/** getStaticProps for a page that needs nothing but its translations. */
export function staticTranslations(namespaces: string[] = []): GetStaticProps {
  return async ({ locale }) => ({ props: await translationProps(locale, namespaces) });
}
