// Buying a gift card (docs/product.md#gift-cards): an amount (a preset or another within the limits), for
// the member or someone else, a name and message, a delivery date; then the payment form of the one
// payments ledger (the test card form, or Stripe's); then what happens next.
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { postJson } from '@/client/api';
import { useTranslation } from '@/client/i18n';
import { useMemberSession } from '@/client/session/use-member-session';
import { StripeEmbeddedCheckout } from '@/components/checkout/StripeEmbeddedCheckout';
import { TestCardForm } from '@/components/checkout/TestCardForm';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Link } from '@/components/ui/Link';
import { TextField } from '@/components/ui/TextField';
import ui from '@/components/ui/ui.module.css';
import type { CheckoutSession } from '@/ports/payments';
import { formatDate } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import styles from './gift-cards.module.css';

export type GiftCardOffer = { presets: number[]; min: number; max: number; step: number; currency: string; today: string; lastDate: string };

type Paying = { session: CheckoutSession; to: string; on: string };

export function BuyGiftCard({ offer }: { offer: GiftCardOffer }) {
  const { t } = useTranslation('giftcards');
  const { locale = 'en' } = useRouter();
  const { status } = useMemberSession();
  const money = (cents: number) => formatMoney(cents, offer.currency, locale);
  const [preset, setPreset] = useState<number | 'other'>(offer.presets[1] ?? offer.presets[0]!);
  const [other, setOther] = useState('');
  const [forSomeone, setForSomeone] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [paying, setPaying] = useState<Paying>();
  const [paid, setPaid] = useState(false);

  if (status !== 'authenticated') {
    return (
      <p>
        {t('buy.signIn')} <Link href="/login">{t('buy.signInLink')}</Link>
      </p>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    const amount = preset === 'other' ? Math.round(Number(other.replace(',', '.')) * 100) : preset;
    const recipient = forSomeone ? { name: field('recipientName'), email: field('recipientEmail') } : null;
    setBusy(true);
    setError(undefined);
    try {
      const { status: answer, data } = await postJson<{ paymentSession?: CheckoutSession; error?: string }>('/api/gift-cards/buy', {
        amount,
        recipient,
        senderName: field('senderName'),
        message: field('message') || undefined,
        deliverOn: field('deliverOn'),
      });
      if (answer === 201 && data.paymentSession) setPaying({ session: data.paymentSession, to: recipient?.email ?? '', on: field('deliverOn') });
      else setError(data.error ?? t('buy.failed'));
    } catch {
      setError(t('buy.failed'));
    } finally {
      setBusy(false);
    }
  }

  if (paid && paying) {
    return (
      <Alert tone="success">
        {paying.to ? t('buy.doneFor', { email: paying.to, date: formatDate(paying.on, locale) }) : t('buy.doneOwn', { date: formatDate(paying.on, locale) })}
      </Alert>
    );
  }
  if (paying) {
    const { session } = paying;
    return (
      <>
        <h3>{t('buy.pay', { amount: money(session.amount) })}</h3>
        {session.provider === 'stripe' && session.clientSecret && session.publishableKey ? (
          <StripeEmbeddedCheckout publishableKey={session.publishableKey} clientSecret={session.clientSecret} onComplete={() => setPaid(true)} />
        ) : (
          <TestCardForm sessionId={session.id} amount={session.amount} currency={session.currency} onPaid={() => setPaid(true)} onGiftCardPaid={() => setPaid(true)} />
        )}
      </>
    );
  }

  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      {error && <Alert tone="error">{error}</Alert>}
      <fieldset className={styles.amounts}>
        <legend>{t('buy.amount')}</legend>
        {offer.presets.map((cents) => (
          <label key={cents} className={styles.amount}>
            <input type="radio" name="preset" checked={preset === cents} onChange={() => setPreset(cents)} />
            {money(cents)}
          </label>
        ))}
        <label className={styles.amount}>
          <input type="radio" name="preset" checked={preset === 'other'} onChange={() => setPreset('other')} />
          {t('buy.otherAmount')}
        </label>
      </fieldset>
      {preset === 'other' && (
        <TextField
          label={t('buy.otherLabel', { currency: offer.currency })}
          hint={t('buy.otherHint', { min: money(offer.min), max: money(offer.max), step: money(offer.step) })}
          inputMode="decimal"
          value={other}
          onChange={(e) => setOther(e.target.value)}
          required
        />
      )}
      <fieldset className={styles.choice}>
        <legend>{t('buy.forWhom')}</legend>
        <label>
          <input type="radio" name="for" checked={forSomeone} onChange={() => setForSomeone(true)} />
          {t('buy.forSomeone')}
        </label>
        <label>
          <input type="radio" name="for" checked={!forSomeone} onChange={() => setForSomeone(false)} />
          {t('buy.forMe')}
        </label>
      </fieldset>
      {forSomeone && (
        <>
          <TextField label={t('buy.recipientName')} name="recipientName" autoComplete="off" required maxLength={80} />
          <TextField label={t('buy.recipientEmail')} name="recipientEmail" type="email" autoComplete="off" required maxLength={254} />
        </>
      )}
      <TextField label={t('buy.senderName')} name="senderName" autoComplete="name" required maxLength={80} />
      <div className={ui.field}>
        <label className={ui.label} htmlFor="gift-message">
          {t('buy.message')}
        </label>
        <textarea id="gift-message" name="message" className={styles.textarea} maxLength={300} />
      </div>
      <TextField label={t('buy.deliverOn')} name="deliverOn" type="date" defaultValue={offer.today} min={offer.today} max={offer.lastDate} required />
      <Button type="submit" busy={busy}>
        {t('buy.continue')}
      </Button>
    </form>
  );
}
