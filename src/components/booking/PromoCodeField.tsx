// The promo code field of the ticket page (decision 0049): applied at Book, per ticket where it beats the
// member price; a refused code is explained in the toast Book shows.
import { useTranslation } from '@/client/i18n';
import { promoChoiceStore, usePromoChoice } from '@/client/booking/promo-choice';
import { TextField } from '@/components/ui/TextField';

export function PromoCodeField() {
  const { t } = useTranslation('promos');
  const code = usePromoChoice((s) => s.code);
  return (
    <TextField
      label={t('checkout.label')}
      hint={t('checkout.hint')}
      name="promoCode"
      value={code}
      maxLength={30}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      onChange={(event) => promoChoiceStore.getState().setCode(event.target.value)}
    />
  );
}
