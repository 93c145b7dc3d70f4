// Names follow the reader's language (decision 0047): an order booked in English reads in Japanese and
// German from the catalogue's translations; a product the catalogue does not know keeps its stored names.
import { describe, expect, it } from 'vitest';
import { orderNamedIn } from '@/modules/catalog/names-in-language';

const bookedInEnglish = {
  productId: 'main-deck',
  optionId: 'main-deck-day',
  productTitle: 'Main Deck',
  optionTitle: 'Any time of day',
  lines: [{ unitId: 'adult', title: 'Adult', quantity: 2, unitPrice: 4400 }],
};

describe('names in the reader’s language', () => {
  it('translates the product, option and ticket names of an English booking', () => {
    expect(orderNamedIn(bookedInEnglish, 'ja')).toMatchObject({ productTitle: 'メインデッキ', optionTitle: '1日のお好きな時間', lines: [{ title: '大人', quantity: 2 }] });
    expect(orderNamedIn(bookedInEnglish, 'de')).toMatchObject({ productTitle: 'Hauptdeck', optionTitle: 'Zu jeder Tageszeit', lines: [{ title: 'Erwachsene' }] });
  });

  it('keeps the stored names of another supplier’s product', () => {
    const foreign = { productId: 'partner-tour', optionId: 'partner-morning', productTitle: 'Harbor Tour', optionTitle: 'Morning', lines: [{ unitId: 'pass-holder', title: 'Pass holder', quantity: 1, unitPrice: 0 }] };
    expect(orderNamedIn(foreign, 'ja')).toMatchObject({ productTitle: 'Harbor Tour', optionTitle: 'Morning', lines: [{ title: 'Pass holder' }] });
  });
});
