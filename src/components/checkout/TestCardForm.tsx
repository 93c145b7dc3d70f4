// The built-in test gateway's card form. The card goes to our test gateway only; no real card is charged.
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { postJson } from '@/client/api';
import { formatMoney } from '@/universal/format/money';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { expiryValid, luhnValid } from '@/ports/payment-cards';
import type { OrderView } from '@/modules/checkout/order-view';
import styles from './checkout.module.css';

/** `onGiftCardPaid`: the payment was a gift card's (decision 0047), which answers its card, not an order;
 * `onPassPaid`: an annual pass's (decision 0051), which answers its pass. `payUrl` and `extra`: where the card
 * goes and what goes with it (the box office's counter, decision 0053). */
type Props = {
  sessionId: string;
  amount: number;
  currency: string;
  onPaid: (order: OrderView) => void;
  onGiftCardPaid?: (giftCardId: string) => void;
  onPassPaid?: (passId: string) => void;
  payUrl?: string;
  extra?: Record<string, unknown>;
};

/** "4242424242424242" → "4242 4242 4242 4242" while typing. */
const groupDigits = (value: string) => value.replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

export function TestCardForm({ sessionId, amount, currency, onPaid, onGiftCardPaid, onPassPaid, payUrl = '/api/payments/test/pay', extra }: Props) {
  const { t } = useTranslation('checkout');
  const { locale = 'en' } = useRouter();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<{ number?: string; expiry?: string; cvc?: string }>({});
  const [declined, setDeclined] = useState<string>();
  const [busy, setBusy] = useState(false);

  function validate() {
    const found: typeof errors = {};
    if (!luhnValid(number.replace(/\D/g, ''))) found.number = t('card.invalidNumber');
    const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
    const month = Number(match?.[1]);
    const year = Number(match?.[2]);
    if (!match || !expiryValid(month, year, new Date())) found.expiry = t('card.invalidExpiry');
    if (!/^\d{3,4}$/.test(cvc)) found.cvc = t('card.invalidCvc');
    return { found, month, year };
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const { found, month, year } = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    setBusy(true);
    setDeclined(undefined);
    try {
      const { status, data } = await postJson<{ order?: OrderView; giftCardId?: string; passId?: string; error?: string }>(payUrl, {
        ...extra,
        sessionId,
        card: { number: number.replace(/\D/g, ''), expMonth: month, expYear: year, cvc },
      });
      if (status === 200 && data.order) onPaid(data.order);
      else if (status === 200 && data.giftCardId && onGiftCardPaid) onGiftCardPaid(data.giftCardId);
      else if (status === 200 && data.passId && onPassPaid) onPassPaid(data.passId);
      else setDeclined(data.error ?? t('card.failed'));
    } catch {
      setDeclined(t('card.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={busy}>
      <p className={styles.testCards}>
        {t('card.testMode')} <code>4242 4242 4242 4242</code>
      </p>
      {declined && <Alert tone="error">{declined}</Alert>}
      <TextField
        label={t('card.number')}
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        value={number}
        onChange={(e) => setNumber(groupDigits(e.target.value))}
        error={errors.number}
      />
      <div className={styles.cardRow}>
        <TextField
          label={t('card.expiry')}
          hint={t('card.expiryHint')}
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
          error={errors.expiry}
        />
        <TextField
          label={t('card.cvc')}
          hint={t('card.cvcHint')}
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
          error={errors.cvc}
        />
      </div>
      <Button type="submit" block busy={busy}>
        {t('card.pay', { amount: formatMoney(amount, currency, locale) })}
      </Button>
    </form>
  );
}
