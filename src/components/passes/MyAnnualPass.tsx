// The profile's annual pass (decision 0051): each pass the member holds with its state, its year and the
// visit booked with it; "Renew" from 30 days before its end (a new payment that adds a year to the old
// end); a gift they bought, waiting for its recipient; and, arriving from a gift's e-mail
// (?claimPass=CODE), the button that claims it.
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { postJson } from '@/client/api';
import { usePasses } from '@/client/booking/use-passes';
import { useTranslation } from '@/client/i18n';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Link } from '@/components/ui/Link';
import type { MemberPassView } from '@/modules/passes/member-pass';
import type { CheckoutSession } from '@/ports/payments';
import { formatShortDate as formatDate, formatLongDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import styles from './passes.module.css';

// The payment form loads when the member pays, not with the page (decision 0058).
const PassPayment = dynamic(() => import('./PassPayment').then((m) => m.PassPayment));

type Props = { initial: MemberPassView[]; claimCode: string | null; renewal: { price: number; currency: string } };

export function MyAnnualPass({ initial, claimCode, renewal }: Props) {
  const { t } = useTranslation('passes');
  const { locale = 'en' } = useRouter();
  const { data: passes = initial, mutate } = usePasses(initial);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState<string>();
  const [renewing, setRenewing] = useState<{ passId: string; session: CheckoutSession }>();
  const [claimDone, setClaimDone] = useState(false);
  const date = (d: string | null) => (d ? formatDate(d, locale) : '');

  async function claim() {
    if (!claimCode) return;
    setBusy('claim');
    try {
      const { status, data } = await postJson<{ pass?: MemberPassView; error?: string }>('/api/passes/claim', { code: claimCode });
      if (status === 200 && data.pass) {
        setClaimDone(true);
        setMessage({ tone: 'success', text: t('profile.claimed', { date: date(data.pass.endsOn) }) });
        await mutate();
      } else setMessage({ tone: 'error', text: data.error ?? t('buy.failed') });
    } catch {
      setMessage({ tone: 'error', text: t('buy.failed') });
    } finally {
      setBusy(undefined);
    }
  }

  async function renew(passId: string) {
    setBusy(passId);
    setMessage(undefined);
    try {
      const { status, data } = await postJson<{ paymentSession?: CheckoutSession; error?: string }>('/api/passes/renew', { passId });
      if (status === 201 && data.paymentSession) setRenewing({ passId, session: data.paymentSession });
      else setMessage({ tone: 'error', text: data.error ?? t('buy.failed') });
    } catch {
      setMessage({ tone: 'error', text: t('buy.failed') });
    } finally {
      setBusy(undefined);
    }
  }

  if (passes.length === 0 && !claimCode) return null;
  return (
    <section aria-labelledby="my-annual-pass">
      <h2 id="my-annual-pass">{t('profile.heading')}</h2>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {claimCode && !claimDone && (
        <div className={styles.actions}>
          <p>{t('profile.claimIntro')}</p>
          <Button onClick={() => void claim()} busy={busy === 'claim'}>
            {t('profile.claim')}
          </Button>
        </div>
      )}
      {passes.map((pass) => (
        <div key={pass.id} data-testid="annual-pass">
          <dl className={styles.details}>
            <dt>{t('profile.state')}</dt>
            <dd>{t(`profile.status.${pass.status}`)}</dd>
            {pass.giftFor && (
              <>
                <dt>{t('profile.giftFor')}</dt>
                <dd>{pass.giftFor}</dd>
              </>
            )}
            {pass.endsOn && (
              <>
                <dt>{t('profile.validUntil')}</dt>
                <dd>{date(pass.endsOn)}</dd>
              </>
            )}
            <dt>{t('profile.code')}</dt>
            <dd>{pass.code}</dd>
            {pass.status === 'ACTIVE' && !pass.giftFor && (
              <>
                <dt>{t('profile.nextVisit')}</dt>
                <dd>
                  {pass.upcomingVisit ? (
                    <Link href={`/bookings/${encodeURIComponent(pass.upcomingVisit.reference)}`}>
                      {formatLongDate(pass.upcomingVisit.availabilityId, locale)}, {formatTime(pass.upcomingVisit.availabilityId, locale)}
                    </Link>
                  ) : (
                    <Link href="/products">{t('profile.noVisit')}</Link>
                  )}
                </dd>
              </>
            )}
          </dl>
          {renewing?.passId === pass.id ? (
            <PassPayment
              session={renewing.session}
              onPaid={() => {
                setRenewing(undefined);
                void mutate().then((fresh) => {
                  const renewed = fresh?.find((p) => p.id === pass.id);
                  setMessage({ tone: 'success', text: t('profile.renewed', { date: date(renewed?.endsOn ?? null) }) });
                });
              }}
            />
          ) : pass.canRenew ? (
            <Button onClick={() => void renew(pass.id)} busy={busy === pass.id}>
              {t('profile.renew', { price: formatMoney(renewal.price, renewal.currency, locale) })}
            </Button>
          ) : (
            pass.status === 'ACTIVE' && !pass.giftFor && pass.renewableFrom && <p>{t('profile.renewFrom', { date: date(pass.renewableFrom) })}</p>
          )}
        </div>
      ))}
    </section>
  );
}
