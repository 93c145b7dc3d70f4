// The ticket page's gift card step (decision 0047): a code typed here is sent with Book; the card pays
// what is left after the member price and a reward, up to its balance, and the checkout shows its part.
import { useTranslation } from '@/client/i18n';
import { rewardChoiceStore, useRewardChoice } from '@/client/booking/reward-choice';
import { TextField } from '@/components/ui/TextField';

export function GiftCardField() {
  const { t } = useTranslation('checkout');
  const code = useRewardChoice((s) => s.giftCard);
  return (
    <TextField
      label={t('giftCard.label')}
      hint={t('giftCard.hint')}
      value={code}
      onChange={(e) => rewardChoiceStore.getState().enterGiftCard(e.target.value)}
      autoComplete="off"
      spellCheck={false}
      maxLength={40}
      name="giftCard"
    />
  );
}
