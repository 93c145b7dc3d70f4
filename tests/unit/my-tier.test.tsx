// @vitest-environment jsdom
// The profile's tier card: the tier, the visits in the window, and what the next tier asks, with an
// accessible progress bar; at the top, that the member is there.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/profile.json';
import pt from '../../locales/pt/profile.json';
import { I18nProvider } from '@/client/i18n';
import { MyTier } from '@/components/profile/MyTier';
import type { Membership } from '@/modules/loyalty/membership';

type Tier = Pick<Membership, 'tier' | 'visits' | 'nextTier'>;

function show(membership: Tier, locale = 'en', profile: object = en) {
  render(
    <I18nProvider value={{ locale, namespaces: { profile: profile as never } }}>
      <MyTier membership={membership} windowMonths={12} />
    </I18nProvider>,
  );
}

describe('MyTier', () => {
  it('shows a Regular three visits from Local Legend, with the bar at 2 of 5', () => {
    show({ tier: { id: 'regular', name: 'Regular' }, visits: 2, nextTier: { id: 'local-legend', name: 'Local Legend', visitsToGo: 3 } });
    const card = screen.getByRole('region', { name: 'Your ambassador tier' });
    expect(card.textContent).toContain('Regular');
    expect(card.textContent).toContain('2 visits in the last 12 months');
    expect(card.textContent).toContain('3 more visits to Local Legend');
    const bar = screen.getByRole('progressbar', { name: 'Progress to Local Legend' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax'), bar.getAttribute('aria-valuetext')]).toEqual(['2', '5', '2 visits of 5']);
  });

  it('says one more visit in the singular, in each language', () => {
    show({ tier: { id: 'explorer', name: 'Explorador' }, visits: 1, nextTier: { id: 'regular', name: 'Frequentador', visitsToGo: 1 } }, 'pt', pt);
    expect(screen.getByText('Falta 1 visita para Frequentador')).toBeTruthy();
    expect(screen.getByText('1 visita nos últimos 12 meses')).toBeTruthy();
  });

  it('tells a Local Legend they are at the top, the bar full', () => {
    show({ tier: { id: 'local-legend', name: 'Local Legend' }, visits: 7, nextTier: null });
    expect(screen.getByText('You are at the top tier. Thank you for coming back!')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Progress: top tier reached' });
    expect(bar.getAttribute('aria-valuenow')).toBe(bar.getAttribute('aria-valuemax'));
  });
});
