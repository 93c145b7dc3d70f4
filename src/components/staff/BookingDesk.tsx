import { useState, type FormEvent } from 'react';
import { productTitle, optionTitle, unitName } from '@/client/i18n/catalog-names';
import { useTranslation } from '@/client/i18n';
import { cancel, loadBooking, resend, searchBookings } from '@/client/staff/booking-calls';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import type { BookingDetail, BookingListItem } from '@/modules/bookings/find-bookings';
import type { StaffRole } from '@/modules/staff/roles';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { BookingAddons } from './BookingAddons';
import refundToStyles from './refund-to.module.css';
import styles from './staff.module.css';

/** The office's bookings: find one, see everything about it, resend its tickets, cancel it (after a
 * confirmation that states the refund in the manager's language: decision 0045). */
export function BookingDesk({ role }: { role: StaffRole }) {
  const { t, i18n } = useTranslation('staff');
  const { t: tg } = useTranslation('gcrefunds');
  const locale = i18n.language;
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<BookingListItem[] | undefined>();
  const [detail, setDetail] = useState<BookingDetail | undefined>();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | undefined>();
  const [busy, setBusy] = useState(false);
  const [refund, setRefund] = useState<'full' | 'partial' | 'none'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  /** Back through the payment, or onto a new gift card for the booker (decision 0052). */
  const [refundTo, setRefundTo] = useState<'payment' | 'gift_card'>('payment');
  /** The refund the manager is asked to confirm, in minor units: no money moves before they do. */
  const [confirming, setConfirming] = useState<number | undefined>();

  const search = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    const answer = await searchBookings(query);
    setBusy(false);
    if (!answer.ok) return setMessage({ tone: 'error', text: answer.error });
    setFound(answer.data.bookings);
    setDetail(undefined);
    if (answer.data.bookings.length === 1) await open(answer.data.bookings[0]!.reference);
  };

  const open = async (reference: string) => {
    const answer = await loadBooking(reference);
    if (!answer.ok) return setMessage({ tone: 'error', text: answer.error });
    setDetail(answer.data);
    setConfirming(undefined);
    setRefundTo('payment');
  };

  const doResend = async () => {
    if (!detail) return;
    setBusy(true);
    const answer = await resend(detail.reference);
    setBusy(false);
    setMessage(answer.ok ? { tone: 'success', text: t('bookings.resent', { email: answer.data.to }) } : { tone: 'error', text: answer.error });
  };

  /** What this cancellation refunds: a used booking's policy refund, else what the manager picked. */
  const refundOf = (d: BookingDetail): number | undefined => {
    if (!d.payment) return 0;
    if (d.usedRefund !== null) return d.usedRefund;
    if (refund === 'none') return 0;
    if (refund === 'full') return d.payment.total;
    const cents = Math.round(Number(amount.replace(',', '.')) * 100);
    return Number.isInteger(cents) && cents > 0 ? cents : undefined;
  };

  // The form's button only asks: the amount is stated, and the money moves on the confirmation's button.
  const askToCancel = (event: FormEvent) => {
    event.preventDefault();
    if (!detail) return;
    const cents = refundOf(detail);
    if (cents === undefined) return setMessage({ tone: 'error', text: t('bookings.amountInvalid') });
    setMessage(undefined);
    setConfirming(cents);
  };

  const doCancel = async () => {
    if (!detail || confirming === undefined) return;
    setBusy(true);
    // A used booking gets its policy's refund whatever is sent (decision 0033): 'full' always passes the checks.
    const choice = detail.usedRefund !== null ? 'full' : refund === 'partial' ? confirming : refund;
    const answer = await cancel(detail.reference, choice, reason.trim(), refundTo);
    setBusy(false);
    setConfirming(undefined);
    if (!answer.ok) return setMessage({ tone: 'error', text: answer.error });
    const refunded = { reference: detail.reference, amount: formatMoney(answer.data.refundAmount, detail.currency, locale) };
    setMessage({ tone: 'success', text: answer.data.refundTo === 'gift_card' && answer.data.refundAmount > 0 ? tg('staff.cancelled', refunded) : t('bookings.cancelled', refunded) });
    await open(detail.reference);
  };

  const when = (b: BookingListItem) => `${formatDate(b.availabilityId, locale)}, ${formatTime(b.availabilityId, locale)}`;
  return (
    <>
      <Card>
        <form className={styles.scanForm} onSubmit={(e) => void search(e)} role="search">
          <TextField label={t('bookings.search')} hint={t('bookings.searchHint')} value={query} onChange={(e) => setQuery(e.target.value)} maxLength={200} required minLength={2} />
          <Button type="submit" busy={busy}>
            {t('bookings.find')}
          </Button>
        </form>
        {message && <Alert tone={message.tone}>{message.text}</Alert>}
        {found && found.length === 0 && <p className={styles.muted}>{t('bookings.none')}</p>}
        {found && found.length > 0 && (
          <ul className={styles.tickets}>
            {found.map((b) => (
              <li key={b.reference}>
                <Button type="button" variant="link" onClick={() => void open(b.reference)}>
                  {b.reference}
                </Button>{' '}
                {when(b)} · {productTitle(t, b.productId)} · {b.unitCount} · {t(`bookings.status.${b.status}`)} · {b.name ?? '—'} · {b.email ?? '—'}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {detail && (
        <Card>
          <h2>{t('bookings.booking', { reference: detail.reference })}</h2>
          <dl className={styles.details}>
            <dt>{t('bookings.status.label')}</dt>
            <dd data-testid="booking-status">{t(`bookings.status.${detail.status}`)}</dd>
            <dt>{t('bookings.when')}</dt>
            <dd>{when(detail)}</dd>
            <dt>{t('bookings.what')}</dt>
            <dd>
              {productTitle(t, detail.productId)} · {optionTitle(t, detail.optionId)}
            </dd>
            <dt>{t('bookings.who')}</dt>
            <dd>
              {detail.name ?? '—'} · {detail.email ?? '—'}
            </dd>
            <dt>{t('bookings.channel')}</dt>
            <dd>{detail.channel === 'website' ? t('bookings.website') : detail.channel}</dd>
            <dt>{t('bookings.total')}</dt>
            <dd>{formatMoney(detail.total, detail.currency, locale)}</dd>
            <dt>{t('bookings.payment')}</dt>
            <dd>{detail.payment ? t('bookings.paidWith', { provider: detail.payment.provider, session: detail.payment.sessionId }) : t('bookings.paidReseller')}</dd>
            {detail.cancellation && (
              <>
                <dt>{t('bookings.refund')}</dt>
                <dd>
                  {formatMoney(detail.cancellation.refundAmount, detail.currency, locale)} · {t(`bookings.refundStatus.${detail.cancellation.refundStatus}`)}
                  {detail.cancellation.refundTo === 'gift_card' && detail.cancellation.refundAmount > 0 && <> · {tg('staff.asGiftCard')}</>} · {detail.cancellation.by ?? '—'}
                </dd>
              </>
            )}
          </dl>
          <h3>{t('bookings.tickets')}</h3>
          <ul className={styles.tickets}>
            {detail.tickets.map((x) => {
              const admission = detail.admissions.find((a) => a.ticket === x.reference && !a.undoneAt);
              return (
                <li key={x.reference}>
                  <span className={styles.monospace}>{x.reference}</span> · {unitName(t, x.unitId)} ·{' '}
                  {admission ? t('bookings.admittedAt', { time: formatTime(admission.at, locale), gate: admission.gate }) : t('bookings.notAdmitted')}
                </li>
              );
            })}
          </ul>
          <BookingAddons addons={detail.addons} />
          <div className={styles.row}>
            {detail.payment?.orderStatus === 'CONFIRMED' && (
              <Button type="button" variant="secondary" busy={busy} onClick={() => void doResend()}>
                {t('bookings.resend')}
              </Button>
            )}
          </div>
          {role === 'manager' && (detail.status === 'CONFIRMED' || detail.status === 'REDEEMED') && (
            <form onSubmit={askToCancel} onChange={() => setConfirming(undefined)}>
              <fieldset>
                <legend>{t('bookings.cancelLegend')}</legend>
                {/* A used booking gets back what its policy gives, whatever is picked (decision 0033). */}
                {detail.payment && detail.admissions.some((a) => !a.undoneAt) && <p data-testid="admitted-refund">{t('bookings.admittedRefund')}</p>}
                {(['full', 'partial', 'none'] as const).map((choice) => (
                  <div key={choice} className={styles.row}>
                    <input type="radio" id={`refund-${choice}`} name="refund" value={choice} checked={refund === choice} onChange={() => setRefund(choice)} disabled={!detail.payment && choice !== 'none'} />
                    <label htmlFor={`refund-${choice}`}>{t(`bookings.refundChoice.${choice}`, { amount: formatMoney(detail.payment?.total ?? detail.total, detail.currency, locale) })}</label>
                  </div>
                ))}
                {refund === 'partial' && <TextField label={t('bookings.amount', { currency: detail.currency })} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required />}
                {detail.payment && (refund !== 'none' || detail.usedRefund !== null) && (
                  <fieldset className={refundToStyles.where}>
                    <legend>{tg('staff.refundTo')}</legend>
                    {(['payment', 'gift_card'] as const).map((to) => (
                      <div key={to} className={refundToStyles.choice}>
                        <input type="radio" id={`refund-to-${to}`} name="refundTo" value={to} checked={refundTo === to} onChange={() => setRefundTo(to)} />
                        <label htmlFor={`refund-to-${to}`}>{tg(`staff.to.${to}`)}</label>
                      </div>
                    ))}
                  </fieldset>
                )}
                <TextField label={t('bookings.reason')} hint={t('bookings.reasonHint')} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} />
                {confirming === undefined ? (
                  <Button type="submit" busy={busy}>
                    {t('bookings.cancel')}
                  </Button>
                ) : (
                  <div role="alertdialog" aria-labelledby="cancel-confirm" className={styles.confirm}>
                    <p id="cancel-confirm" className={styles.confirmText}>
                      {confirming > 0 && refundTo === 'gift_card'
                        ? tg('staff.confirm', { reference: detail.reference, amount: formatMoney(confirming, detail.currency, locale) })
                        : t(confirming > 0 ? 'bookings.confirmRefund' : 'bookings.confirmNoRefund', { reference: detail.reference, amount: formatMoney(confirming, detail.currency, locale) })}
                    </p>
                    <div className={styles.row}>
                      <Button type="button" busy={busy} autoFocus onClick={() => void doCancel()}>
                        {confirming > 0 ? t('bookings.confirmCancelRefund', { amount: formatMoney(confirming, detail.currency, locale) }) : t('bookings.confirmCancel')}
                      </Button>
                      <Button type="button" variant="secondary" onClick={() => setConfirming(undefined)}>
                        {t('bookings.keepBooking')}
                      </Button>
                    </div>
                  </div>
                )}
              </fieldset>
            </form>
          )}
        </Card>
      )}
    </>
  );
}
