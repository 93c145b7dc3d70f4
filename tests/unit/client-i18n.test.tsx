// @vitest-environment jsdom
// The browser's translations: what a visitor reads for nested keys, namespaces, placeholders and tags.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeT, Trans } from '@/client/i18n';
import { LOCALES } from '@/config/locales';
import { translationProps } from '@/server/translations';
import localesConfig from '../../locales.config.js';

describe('client translations', () => {
  const namespaces = { common: { nav: { home: 'Home' }, hello: 'Hello {{name}}' }, auth: { login: { title: 'Sign in' } } };

  it('finds nested keys in the page namespace, then in common', () => {
    const t = makeT(namespaces, ['auth', 'common']);
    expect(t('login.title')).toBe('Sign in');
    expect(t('nav.home')).toBe('Home');
    expect(t('hello', { name: 'Ada' })).toBe('Hello Ada');
  });

  it('reads an ns: prefix, a defaultValue, and shows the key when nothing matches', () => {
    const t = makeT(namespaces, ['common']);
    expect(t('auth:login.title')).toBe('Sign in');
    expect(t('checkout:messages.generic', { defaultValue: 'Error, please try again' })).toBe('Error, please try again');
    expect(t('nav.nothing')).toBe('nav.nothing');
  });

  it('chooses the plural form of a count as i18next writes it, in the language of the page', () => {
    const profile = { more_one: '{{count}} more visit', more_other: '{{count}} more visits', only: '{{count}} left' };
    const en = makeT({ profile }, ['profile'], 'en');
    expect(en('more', { count: 1 })).toBe('1 more visit');
    expect(en('more', { count: 2 })).toBe('2 more visits');
    expect(en('only', { count: 3 })).toBe('3 left');
    // French counts 0 as singular; Japanese has one form, written as _other.
    expect(makeT({ profile }, ['profile'], 'fr')('more', { count: 0 })).toBe('0 more visit');
    expect(makeT({ profile: { more_other: 'あと{{count}}回' } }, ['profile'], 'ja')('more', { count: 1 })).toBe('あと1回');
  });

  it('renders tags as the components given', () => {
    const t = makeT({ auth: { terms: 'Agree to the <terms>program terms</terms> and <privacy>policy</privacy>.' } }, ['auth']);
    render(
      <p>
        <Trans t={t} i18nKey="terms" components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" /> }} />
      </p>,
    );
    expect(screen.getByRole('link', { name: 'program terms' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByText(/Agree to the/).textContent).toBe('Agree to the program terms and policy.');
  });

  it('gives a page only the namespaces it names, in its language', async () => {
    const { _translations } = await translationProps('ja', ['auth']);
    expect(_translations.locale).toBe('ja');
    expect(Object.keys(_translations.namespaces).sort()).toEqual(['auth', 'common']);
    const t = makeT(_translations.namespaces, ['auth']);
    expect(t('common:nav.signOut')).toBe('ログアウト');
  });

  it('falls back to English for an unknown locale', async () => {
    const { _translations } = await translationProps('xx', []);
    expect(_translations.locale).toBe('en');
  });

  it('lists the same locales for Next.js routing as for the code', () => {
    expect(localesConfig.locales).toEqual([...LOCALES]);
  });
});
