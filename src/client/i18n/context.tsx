// The page's translations for every component under it, in the call shape the components already used:
// `const { t, i18n } = useTranslation(ns)`.
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { makeT, type PageTranslations, type TFunction } from './translate';

const EMPTY: PageTranslations = { locale: 'en', namespaces: {} };
const Context = createContext<PageTranslations>(EMPTY);

// The last translations rendered, for code outside React (the payment store's toasts).
let current: PageTranslations = EMPTY;

function remember(translations: PageTranslations) {
  current = translations;
}

export function I18nProvider({ value, children }: { value: PageTranslations | undefined; children: ReactNode }) {
  const translations = value ?? EMPTY;
  useEffect(() => remember(translations), [translations]);
  return <Context.Provider value={translations}>{children}</Context.Provider>;
}

export type I18n = { language: string; t: TFunction };

export function useTranslation(ns: string | string[] = 'common'): { t: TFunction; i18n: I18n } {
  const translations = useContext(Context);
  const key = Array.isArray(ns) ? ns.join(',') : ns;
  return useMemo(() => {
    const t = makeT(translations.namespaces, [...key.split(','), 'common'], translations.locale);
    return { t, i18n: { language: translations.locale, t } };
  }, [translations, key]);
}

/** A translator outside React: the texts of the page on screen. */
export function currentT(): TFunction {
  return makeT(current.namespaces, ['common'], current.locale);
}
