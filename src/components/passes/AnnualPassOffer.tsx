// The annual pass on the ticket page (decision 0051): what it gives and costs; bought for oneself or as a
// gift (the recipient's e-mail), then paid through the one payments ledger. A member who holds one reads
// until when, and books visits with it in the steps above.
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { postJson } from '@/client/api';
import { activePass, usePasses } from '@/client/booking/use-passes';
import { useTranslation } from '@/client/i18n';
import { useMemberSession } from '@/client/session/use-member-session';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Link } from '@/components/ui/Link';
import { TextField } from '@/components/ui/TextField';
import type { CheckoutSession } from '@/ports/payments';
import { formatShortDate as formatDate } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import styles from './passes.module.css';

// The payment form loads when the member pays, not with the page (decision 0058).
const PassPayment = dynamic(() => import('./PassPayment').then((m) => m.PassPayment));

export type AnnualPassOfferProps = { id: string; price: number; currency: string; validDays: number; visitorsPerVisit: number };

export function AnnualPassOffer({ offer }: { offer: AnnualPassOfferProps }) {
  const { t } = useTranslation('passes');
  const { locale = 'en' } = useRouter();
  const { status } = useMemberSession();
  const { data: passes, mutate } = usePasses();
  const held = activePass(passes);
  const [chosenGift, setGift] = useState(false);
  // One's own pass is renewed on the profile: a holder buys only gifts.
  const gift = chosenGift || !!held;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [paying, setPaying] = useState<{ session: CheckoutSession; to: string }>();
  const [paid, setPaid] = useState<{ to: string }>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const to = gift ? String(new FormData(event.currentTarget).get('recipientEmail') ?? '').trim() : '';
    setBusy(true);
    setError(undefined);
    try {
      const { status: answer, data } = await postJson<{ paymentSession?: CheckoutSession; error?: string }>('/api/passes/buy', to ? { recipientEmail: to } : {});
      if (answer === 201 && data.paymentSession) setPaying({ session: data.paymentSession, to });
      else setError(data.error ?? t('buy.failed'));
    } catch {
      setError(t('buy.failed'));
    } finally {
      setBusy(false);
    }
  }

  function body() {
    if (status !== 'authenticated') {
      return (
        <p>
          {t('buy.signIn')} <Link href="/login?callbackUrl=%2Fproducts">{t('buy.signInLink')}</Link>
        </p>
      );
    }
    if (paid) {
      const mine = activePass(passes);
      return (
        <Alert tone="success">
          {paid.to ? t('buy.doneGift', { email: paid.to }) : mine?.endsOn ? t('buy.done', { date: formatDate(mine.endsOn, locale) }) : t('buy.doneSoon')}{' '}
          <Link href="/profile">{t('buy.seeProfile')}</Link>
        </Alert>
      );
    }
    if (paying) {
      return (
        <PassPayment
          session={paying.session}
          onPaid={() => {
            setPaid({ to: paying.to });
            void mutate();
          }}
        />
      );
    }
    return (
      <form onSubmit={onSubmit} aria-busy={busy}>
        {error && <Alert tone="error">{error}</Alert>}
        <fieldset className={styles.choice}>
          <legend>{t('buy.forWhom')}</legend>
          {!held && (
            <label>
              <input type="radio" name="passFor" checked={!gift} onChange={() => setGift(false)} />
              {t('buy.forMe')}
            </label>
          )}
          <label>
            <input type="radio" name="passFor" checked={gift} onChange={() => setGift(true)} />
            {t('buy.forSomeone')}
          </label>
        </fieldset>
        {gift && <TextField label={t('buy.recipientEmail')} hint={t('buy.recipientHint')} name="recipientEmail" type="email" autoComplete="off" required maxLength={254} />}
        <Button type="submit" busy={busy}>
          {t('buy.continue', { price: formatMoney(offer.price, offer.currency, locale) })}
        </Button>
      </form>
    );
  }

  return (
    <section className={styles.offer} aria-labelledby="annual-pass-heading" id={offer.id}>
      <Card>
        <h2 id="annual-pass-heading">{t('product.title')}</h2>
        <p>{t('product.summary')}</p>
        <p className={styles.price}>{t('product.price', { price: formatMoney(offer.price, offer.currency, locale) })}</p>
        <ul className={styles.rules}>
          <li>{t('product.ruleDeck')}</li>
          <li>{t('product.ruleVisitors', { count: offer.visitorsPerVisit })}</li>
          <li>{t('product.ruleOneAtATime')}</li>
          <li>{t('product.ruleClosed')}</li>
          <li>{t('product.ruleRenew')}</li>
        </ul>
        {held?.endsOn && <Alert tone="info">{t('holder.valid', { date: formatDate(held.endsOn, locale) })}</Alert>}
        {body()}
      </Card>
    </section>
  );
}
