// The promo codes (managers, /staff/promos): what each takes off, its limits and dates, its uses, and a
// button to pause or resume it.
import { useState } from 'react';
import { useRouter } from 'next/router';
import { postJson } from '@/client/api';
import { useTranslation } from '@/client/i18n';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import type { PromoListing } from '@/modules/promos/manage-promos';
import { formatMoney } from '@/universal/format/money';
import styles from './staff.module.css';

export function PromoCodeTable({ promos, currency, onChanged }: { promos: PromoListing[]; currency: string; onChanged: () => void }) {
  const { t } = useTranslation('promos');
  const { locale = 'en' } = useRouter();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const off = (p: PromoListing) => (p.kind === 'percent' ? t('staff.percentOff', { value: p.value }) : t('staff.amountOff', { amount: formatMoney(p.value, currency, locale) }));
  const between = (from: string | null, until: string | null) => (from || until ? `${from ?? '…'} – ${until ?? '…'}` : t('staff.always'));

  async function toggle(promo: PromoListing) {
    setBusy(promo.code);
    setError(undefined);
    try {
      const { status, data } = await postJson<{ error?: string }>('/api/staff/promos/pause', { code: promo.code, paused: !promo.paused });
      if (status === 200) onChanged();
      else setError(data.error ?? t('staff.failed'));
    } catch {
      setError(t('staff.failed'));
    } finally {
      setBusy(undefined);
    }
  }

  if (promos.length === 0) return <p>{t('staff.none')}</p>;
  return (
    <>
      {error && <Alert tone="error">{error}</Alert>}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('staff.listHeading')}>
        <table className={styles.table}>
          <caption className={styles.srOnly}>{t('staff.listHeading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.code')}</th>
              <th scope="col">{t('staff.discount')}</th>
              <th scope="col">{t('staff.saleDates')}</th>
              <th scope="col">{t('staff.visitDates')}</th>
              <th scope="col">{t('staff.uses')}</th>
              <th scope="col">{t('staff.status')}</th>
            </tr>
          </thead>
          <tbody>
            {promos.map((p) => (
              <tr key={p.id} data-code={p.code}>
                <td>{p.code}</td>
                <td data-label={t('staff.discount')}>{off(p)}</td>
                <td data-label={t('staff.saleDates')}>{between(p.validFrom, p.validUntil)}</td>
                <td data-label={t('staff.visitDates')}>{between(p.visitFrom, p.visitUntil)}</td>
                <td data-label={t('staff.uses')}>{p.maxUses === null ? p.uses : t('staff.usesOf', { uses: p.uses, max: p.maxUses })}</td>
                <td data-label={t('staff.status')}>
                  {p.paused ? t('staff.paused') : t('staff.active')}{' '}
                  <Button type="button" variant="secondary" busy={busy === p.code} onClick={() => void toggle(p)} aria-label={t(p.paused ? 'staff.resumeCode' : 'staff.pauseCode', { code: p.code })}>
                    {p.paused ? t('staff.resume') : t('staff.pause')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
