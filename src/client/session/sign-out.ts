// Signing out ends on the home page in the visitor's language, not on the English one.
import Router from 'next/router';
import { signOut } from './auth-client';
import { DEFAULT_LOCALE, isLocale } from '@/config/locales';
import { localizedPath } from '@/universal/localized-path';

export function signOutInLanguage(): Promise<void> {
  const locale = isLocale(Router.locale) ? Router.locale : DEFAULT_LOCALE;
  return signOut({ callbackUrl: localizedPath('/', locale) });
}
