// @vitest-environment jsdom
// A member's bookings on the profile: a booking's tickets (a QR code each) are drawn only once the member opens
// them, so that a profile whose tickets stay closed loads no QR library and draws nothing (decision 0074).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import checkout from '../../locales/en/checkout.json';
import profile from '../../locales/en/profile.json';
import { I18nProvider } from '@/client/i18n';
import { MyBookings } from '@/components/profile/MyBookings';
import type { OrderView } from '@/modules/checkout/order-view';

vi.mock('next/router', () => ({ useRouter: () => ({ locale: 'en' }) }));

const order: OrderView = {
  bookingId: 'b-1',
  reference: 'SKY-ABC123',
  status: 'CONFIRMED',
  productId: 'main-deck',
  optionId: 'main-deck-day',
  productTitle: 'Main Deck',
  optionTitle: 'Main Deck',
  availabilityId: '2027-05-20T10:00:00-04:00',
  lines: [{ unitId: 'adult', title: 'Adult', quantity: 2, unitPrice: 4400 }],
  addons: [],
  total: 8800,
  discount: 0,
  reward: 0,
  rewardReason: null,
  promo: 0,
  promoCode: null,
  giftCard: 0,
  currency: 'USD',
  expirationTime: '2027-05-12T14:15:00.000Z',
  tickets: [
    { reference: 'SKY-ABC123-1', unitId: 'adult', unitTitle: 'Adult', code: 'code-one' },
    { reference: 'SKY-ABC123-2', unitId: 'adult', unitTitle: 'Adult', code: 'code-two' },
  ],
};

describe("MyBookings' tickets", () => {
  it('draws no QR code while the tickets are closed, and one per ticket once they are opened', async () => {
    render(
      <I18nProvider value={{ locale: 'en', namespaces: { profile, checkout } }}>
        <MyBookings orders={[order]} now={Date.parse('2027-05-12T14:00:00Z')} />
      </I18nProvider>,
    );
    const details = document.querySelector('details')!;
    expect(screen.getByText('Show the tickets (2)')).toBeTruthy();
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(screen.queryByText('SKY-ABC123-1')).toBeNull();

    await act(async () => {
      details.open = true;
      fireEvent(details, new Event('toggle'));
    });
    expect(await screen.findByText('SKY-ABC123-1')).toBeTruthy();
    await vi.waitFor(() => expect([...document.querySelectorAll('img')].map((img) => img.getAttribute('src')?.slice(0, 22))).toEqual(['data:image/png;base64,', 'data:image/png;base64,']));
  });
});
