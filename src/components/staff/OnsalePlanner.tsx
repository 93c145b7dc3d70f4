// On-sales on /staff/calendar (managers, decision 0056): the form that schedules one, and the list of those
// to come, open or recently over, with their queue's counts and a button to cancel or end each.
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { scheduleOnsale, stopOnsale, useOnsales } from '@/client/staff/onsale-calls';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Link } from '@/components/ui/Link';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import type { OnsaleView } from '@/modules/onsale/schedule-onsale';
import { formatDate, formatShortDate, formatTime } from '@/universal/format/date-time';
import { todayIn } from '@/universal/local-date';
import { TIME_ZONE } from '@/config/attraction';
import styles from './staff.module.css';

type Props = { products: { id: string; title: string }[]; defaultRate: number };

export function OnsalePlanner({ products, defaultRate }: Props) {
  const { t } = useTranslation('onsale');
  const { locale = 'en' } = useRouter();
  const { data, error, mutate } = useOnsales();
  const [busy, setBusy] = useState<string>();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const title = (id: string | null) => (id ? (products.find((p) => p.id === id)?.title ?? id) : t('staff.everyProduct'));
  const what = (o: OnsaleView) => (o.day ? t('queue.what', { product: title(o.productId), day: formatDate(o.day, locale) }) : t('queue.whatAnyDay', { product: title(o.productId) }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setBusy('form');
    setOutcome(undefined);
    try {
      const answer = await scheduleOnsale({ productId: text('productId') || null, day: text('day') || null, opensAt: text('opensAt'), ratePerMinute: Number(text('rate')) });
      if (answer.ok) {
        setOutcome({ tone: 'success', text: t('staff.scheduled') });
        formElement.reset();
        void mutate();
      } else setOutcome({ tone: 'error', text: answer.error });
    } catch {
      setOutcome({ tone: 'error', text: t('staff.failed') });
    } finally {
      setBusy(undefined);
    }
  }

  async function stop(onsale: OnsaleView) {
    setBusy(onsale.id);
    setOutcome(undefined);
    try {
      const answer = await stopOnsale(onsale.id);
      if (answer.ok) void mutate();
      else setOutcome({ tone: 'error', text: answer.error });
    } catch {
      setOutcome({ tone: 'error', text: t('staff.failed') });
    } finally {
      setBusy(undefined);
    }
  }

  const list = data?.onsales ?? [];
  return (
    <>
      <h2>{t('staff.heading')}</h2>
      <p>{t('staff.intro')}</p>
      <form onSubmit={submit} aria-busy={busy === 'form'} className={styles.promoForm} data-testid="onsale-form">
        <SelectField label={t('staff.product')} name="productId" placeholder={t('staff.everyProduct')} options={products.map((p) => ({ value: p.id, label: p.title }))} />
        <TextField label={t('staff.day')} name="day" type="date" hint={t('staff.dayHint')} />
        <TextField label={t('staff.opensAt')} name="opensAt" type="datetime-local" required />
        <TextField label={t('staff.rate')} name="rate" type="number" min={1} max={100000} step={1} required defaultValue={defaultRate} hint={t('staff.rateHint', { rate: defaultRate })} />
        <Button type="submit" busy={busy === 'form'}>
          {t('staff.schedule')}
        </Button>
      </form>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {error && <Alert tone="error">{error instanceof Error ? error.message : String(error)}</Alert>}
      <h3>{t('staff.listHeading')}</h3>
      {data && list.length === 0 && <p>{t('staff.none')}</p>}
      {list.length > 0 && (
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('staff.listHeading')}>
          <table className={`${styles.table} ${styles.onsaleTable}`} data-testid="onsale-list">
            <caption className={styles.srOnly}>{t('staff.listHeading')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.what')}</th>
                <th scope="col">{t('staff.opens')}</th>
                <th scope="col">{t('staff.rateColumn')}</th>
                <th scope="col">{t('staff.queue')}</th>
                <th scope="col">{t('staff.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.id} data-onsale={o.id}>
                  <td>
                    {o.status === 'SCHEDULED' || o.status === 'OPEN' ? <Link href={`/onsale/${o.id}`}>{what(o)}</Link> : what(o)} {o.kind === 'auto' && `(${t('staff.auto')})`}
                  </td>
                  <td data-label={t('staff.opens')}>{`${formatShortDate(todayIn(TIME_ZONE, new Date(o.opensAt)), locale)} ${formatTime(o.opensAt, locale)}`}</td>
                  <td data-label={t('staff.rateColumn')}>{t('staff.perMinute', { rate: o.ratePerMinute })}</td>
                  <td data-label={t('staff.queue')}>
                    {t('staff.queueCounts', { waiting: o.waiting, admitted: o.admitted })} {o.soldOut && `(${t('staff.soldOut')})`}
                  </td>
                  <td data-label={t('staff.status')}>
                    {t(`staff.${o.status}`)}{' '}
                    {(o.status === 'SCHEDULED' || o.status === 'OPEN') && (
                      <>
                        <Button type="button" variant="secondary" busy={busy === o.id} onClick={() => void stop(o)} aria-label={t(o.status === 'SCHEDULED' ? 'staff.cancelOnsale' : 'staff.endOnsale', { what: what(o) })}>
                          {o.status === 'SCHEDULED' ? t('staff.cancel') : t('staff.end')}
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
