// The staff member's till (decision 0053): open it with the float counted in; while open, its cash so far;
// close it with the cash counted out, and read expected against counted.
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { centsOf, closeTill, openTill } from '@/client/staff/box-office-calls';
import type { TillShiftView } from '@/modules/box-office/till';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { formatMoney } from '@/universal/format/money';
import { formatTime } from '@/universal/format/date-time';
import styles from './box-office.module.css';

type Props = { shift: TillShiftView | null; currency: string; onChange: (shift: TillShiftView | null) => void };

export function TillPanel({ shift, currency, onChange }: Props) {
  const { t } = useTranslation('boxoffice');
  const { locale = 'en' } = useRouter();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [closed, setClosed] = useState<TillShiftView>();
  const money = (cents: number) => formatMoney(cents, shift?.currency ?? currency, locale);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const cents = centsOf(amount);
    if (cents === undefined) return setError(t('till.amountInvalid'));
    setBusy(true);
    setError(undefined);
    const answer = shift ? await closeTill(cents) : await openTill(cents);
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setAmount('');
    if (shift) {
      setClosed(answer.data.shift);
      onChange(null);
    } else {
      setClosed(undefined);
      onChange(answer.data.shift);
    }
  }

  return (
    <section aria-labelledby="till-heading" className={styles.noPrint}>
      <h2 id="till-heading">{t('till.heading')}</h2>
      {closed && (
        <Alert tone={closed.difference === 0 ? 'success' : 'error'}>
          <span data-testid="till-closed">
            {t('till.closed', { expected: money(closed.expected), counted: money(closed.counted ?? 0), difference: money(closed.difference ?? 0) })}
          </span>
        </Alert>
      )}
      {shift ? (
        <dl className={styles.figures} data-testid="till-open">
          <div>
            <dt>{t('till.openSince')}</dt>
            <dd>{formatTime(shift.openedAt, locale)}</dd>
          </div>
          <div>
            <dt>{t('till.float')}</dt>
            <dd>{money(shift.float)}</dd>
          </div>
          <div>
            <dt>{t('till.cashIn', { n: shift.sales })}</dt>
            <dd>{money(shift.cashIn)}</dd>
          </div>
          <div>
            <dt>{t('till.cashOut', { n: shift.refunds })}</dt>
            <dd>{money(shift.cashOut)}</dd>
          </div>
          <div>
            <dt>{t('till.expected')}</dt>
            <dd data-testid="till-expected">{money(shift.expected)}</dd>
          </div>
        </dl>
      ) : (
        <p>{t('till.closedNow')}</p>
      )}
      <form onSubmit={onSubmit} className={styles.inline} noValidate>
        <TextField
          label={shift ? t('till.counted') : t('till.floatCounted')}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error}
        />
        <Button type="submit" busy={busy} variant={shift ? 'secondary' : 'primary'}>
          {shift ? t('till.close') : t('till.open')}
        </Button>
      </form>
    </section>
  );
}
