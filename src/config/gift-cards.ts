// The gift card rules (config/gift-cards.json), checked on first read and at start-up (check-all.ts).
import raw from '../../config/gift-cards.json';
import { checkConfigFile } from './check-file';
import { giftCardsSchema, type GiftCardRules } from './gift-cards-schema';

let checked: GiftCardRules | undefined;

export function currentGiftCardRules(): GiftCardRules {
  checked ??= checkConfigFile('config/gift-cards.json', giftCardsSchema, raw);
  return checked;
}
