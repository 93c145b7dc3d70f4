// The 11 languages of the site (docs/product.md#constants). Kept in step with locales.config.js, which next.config.ts needs as CommonJS.
export const LOCALES = ['en', 'zh-CN', 'zh-TW', 'nl', 'fr', 'de', 'it', 'ja', 'ko', 'pt', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
