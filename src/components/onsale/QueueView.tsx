// The queue page's card (decision 0056): where the member stands, in their language, updating by itself; at
// their turn (or when there is no queue any more) it takes them to the tickets, their pass in a cookie.
import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { useQueue } from '@/client/onsale/use-queue';
import { Alert } from '@/components/ui/Alert';
import { Link } from '@/components/ui/Link';
import type { OnsaleView } from '@/modules/onsale/schedule-onsale';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { todayIn } from '@/universal/local-date';
import { TIME_ZONE } from '@/config/attraction';
import styles from './onsale.module.css';

/** `beforeOpening`: the server rendered the page before the sale opened, so the pre-queue's rule is in its HTML
 * while the member joins (decision 0074). */
export function QueueView({ onsale, productTitle, beforeOpening }: { onsale: Pick<OnsaleView, 'id' | 'day' | 'opensAt'>; productTitle: string | null; beforeOpening: boolean }) {
  const { t } = useTranslation('onsale');
  const router = useRouter();
  const locale = router.locale ?? 'en';
  const { status, error } = useQueue(onsale.id);
  const phase = status?.phase;
  const goesOn = phase === 'admitted' || phase === 'over';
  useEffect(() => {
    if (goesOn) void router.push('/products');
  }, [goesOn, router]);

  const product = productTitle ?? t('queue.everyProduct');
  const what = onsale.day ? t('queue.what', { product, day: formatDate(onsale.day, locale) }) : t('queue.whatAnyDay', { product });
  // The opening in New York, its date too: an evening opening is the next day in UTC.
  const prequeueRule = t('queue.prequeue', { time: formatTime(onsale.opensAt, locale), date: formatDate(todayIn(TIME_ZONE, new Date(onsale.opensAt)), locale) });
  const joining = !status && !error;
  return (
    <section className={styles.card} aria-labelledby="queue-heading" data-testid="queue" data-phase={phase ?? 'joining'}>
      <h2 id="queue-heading">{t('queue.heading')}</h2>
      <p className={styles.what}>{what}</p>
      <div aria-live="polite" aria-atomic="true">
        {((joining && beforeOpening) || phase === 'prequeue') && <p>{prequeueRule}</p>}
        {joining && <p>{t('queue.joining')}</p>}
        {phase === 'prequeue' && <p>{t('queue.prequeueCount', { count: status?.inPrequeue ?? 0 })}</p>}
        {phase === 'waiting' && (
          <>
            <p className={styles.positionLabel}>{t('queue.position')}</p>
            <p className={styles.position} data-testid="queue-position">
              {(status?.position ?? 0).toLocaleString(locale)}
            </p>
            <ul className={styles.facts}>
              <li>{t('queue.ahead', { count: status?.ahead ?? 0 })}</li>
              <li>{(status?.estimatedWaitSeconds ?? 0) < 60 ? t('queue.waitSeconds') : t('queue.waitMinutes', { count: Math.ceil((status?.estimatedWaitSeconds ?? 0) / 60) })}</li>
            </ul>
          </>
        )}
        {phase === 'admitted' && (
          <Alert tone="success">
            {t('queue.admitted')} {status?.passExpiresAt ? t('queue.admittedUntil', { time: formatTime(status.passExpiresAt, locale) }) : ''}
          </Alert>
        )}
        {phase === 'over' && <Alert tone="info">{t('queue.over')}</Alert>}
        {phase === 'passUsed' && <Alert tone="info">{t('queue.passUsed')}</Alert>}
        {phase === 'passExpired' && <Alert tone="info">{t('queue.passExpired')}</Alert>}
        {phase === 'soldOut' && (
          <Alert tone="info">
            {t('queue.soldOut')} {t('queue.soldOutHint')}
          </Alert>
        )}
        {phase === 'busy' && <Alert tone="info">{t('queue.busy')}</Alert>}
        {phase === 'notInQueue' && <p>{t('queue.notInQueue')}</p>}
        {error && <Alert tone="error">{t('queue.failed')}</Alert>}
      </div>
      {(phase === 'waiting' || phase === 'prequeue') && <p className={styles.hint}>{t('queue.updates')}</p>}
      {phase && phase !== 'waiting' && phase !== 'prequeue' && phase !== 'busy' && (
        <p className={styles.actions}>
          <Link href="/products">{t('queue.goToTickets')}</Link>
        </p>
      )}
    </section>
  );
}
