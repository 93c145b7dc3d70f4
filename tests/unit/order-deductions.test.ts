// The deduction lines of an order (src/universal/order-deductions.ts): one list, in the price rule's order, for
// the checkout summary, the booking page and the tickets e-mail, which lists the promo line too.
import { describe, expect, it } from 'vitest';
import type { OrderRow } from '@/modules/checkout/order-view';
import { renderTicketsEmail } from '@/modules/checkout/tickets-email';
import { serverT } from '@/server/i18n';
import { orderDeductions } from '@/universal/order-deductions';

const every = { discount: 880, promo: 440, promoCode: 'SPRING10', reward: 4400, rewardReason: 'guest-pass', giftCard: 1000 };

describe('order deductions', () => {
  it('lists the member price, the promo code, the reward and the gift card, in that order, leaving out lines of 0', () => {
    const lines = orderDeductions(every, serverT('en', 'checkout'), serverT('en', 'rewards'));
    expect(lines.map((l) => [l.kind, l.amount])).toEqual([
      ['memberPrice', 880],
      ['promo', 440],
      ['reward', 4400],
      ['giftCard', 1000],
    ]);
    expect(lines.find((l) => l.kind === 'promo')?.label).toBe('Promo code SPRING10');
    expect(orderDeductions({ ...every, discount: 0, reward: 0, giftCard: 0 }, serverT('en', 'checkout'), serverT('en', 'rewards')).map((l) => l.kind)).toEqual(['promo']);
    // A promo amount without its code names nothing: left out.
    expect(orderDeductions({ ...every, promoCode: null }, serverT('en', 'checkout'), serverT('en', 'rewards')).map((l) => l.kind)).not.toContain('promo');
  });

  it('are the lines of the tickets e-mail, in the language of the order', async () => {
    const order = {
      bookingUuid: 'b-1',
      supplierReference: 'SKY-TEST01',
      productId: 'main-deck',
      optionId: 'main-deck-day',
      productTitle: 'Main Deck',
      optionTitle: 'Day',
      availabilityId: '2027-05-20T10:00:00-04:00',
      lines: [{ unitId: 'adult', title: 'Adult', quantity: 2, unitPrice: 4400 }],
      total: 1080,
      discountCents: 880,
      rewardCents: 4400,
      rewardReason: 'guest-pass',
      promoCode: 'SPRING10',
      promoCents: 440,
      giftCardCents: 1000,
      addons: [],
      currency: 'USD',
      locale: 'fr',
      tickets: [],
    } as unknown as OrderRow;
    const mail = await renderTicketsEmail(order, { email: 'ana@example.com', name: 'Ana' }, 'https://shop.example');
    const t = serverT('fr', 'checkout');
    for (const label of [t('summary.memberDiscount'), t('summary.promoCode', { code: 'SPRING10' }), t('summary.giftCard')]) {
      expect(mail.text).toContain(label);
      expect(mail.html).toContain(label);
    }
    expect(mail.text).toMatch(/SPRING10: −4,40\s\$US/);
  });
});
