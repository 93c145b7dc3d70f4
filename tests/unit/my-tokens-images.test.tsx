// @vitest-environment jsdom
// The profile's tokens: the first ones (a phone's largest paint) are fetched at once, the rest when they
// come into view; the earned day is the one the server wrote.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import profile from '../../locales/en/profile.json';
import { I18nProvider } from '@/client/i18n';
import { MyTokens } from '@/components/profile/MyTokens';
import type { MemberToken } from '@/modules/loyalty/membership';

const token = (n: number): MemberToken => ({
  id: `token-${n}`,
  dropId: `drop-${n}`,
  name: `Token ${n}`,
  description: `The ${n}th token`,
  artwork: `/images/tokens/t${n}.svg`,
  earnedAt: '2026-11-24T02:30:00.000Z',
  earnedOn: 'Monday 11/23/2026',
});

describe('MyTokens', () => {
  it('loads the first four artworks eagerly, the first with high priority, and the others lazily', () => {
    render(
      <I18nProvider value={{ locale: 'en', namespaces: { profile } }}>
        <MyTokens tokens={[1, 2, 3, 4, 5, 6].map(token)} />
      </I18nProvider>,
    );
    const images = document.querySelectorAll('img');
    expect([...images].map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy']);
    expect([...images].map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', null, null, null, null, null]);
    expect(images[0]!.getAttribute('src')).toBe('/images/tokens/t1.svg');
    expect(screen.getAllByText(/Monday 11\/23\/2026/)).toHaveLength(6);
  });
});
