// Who waits for each slot of the day, in line, and whose places are held for them until when.
import { useDayWaitlist } from '@/client/staff/use-waitlist';
import { productTitle, optionTitle } from '@/client/i18n/catalog-names';
import { useTranslation } from '@/client/i18n';
import { Alert } from '@/components/ui/Alert';
import { formatTime } from '@/universal/format/date-time';
import styles from './staff.module.css';

export function DayWaitlist({ date }: { date: string }) {
  const { t, i18n } = useTranslation('staff');
  const { data: slots, error } = useDayWaitlist(date);
  return (
    <section className={styles.waitlist} aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading">{t('waitlist.heading')}</h2>
      {error && <Alert tone="error">{error instanceof Error ? error.message : String(error)}</Alert>}
      {slots?.length === 0 && <p className={styles.muted}>{t('waitlist.none')}</p>}
      {slots?.map((slot) => (
        <div key={`${slot.optionId} ${slot.availabilityId}`} className={styles.waitlistSlot}>
          <h3>{t('waitlist.slot', { time: formatTime(slot.availabilityId, i18n.language), option: `${productTitle(t, slot.productId)} · ${optionTitle(t, slot.optionId)}` })}</h3>
          <ol className={styles.waitlistLine}>
            {slot.entries.map((e) => (
              <li key={`${e.email} ${e.joinedAt}`}>
                <strong>{e.name || e.email}</strong> <span className={styles.muted}>{e.name ? e.email : ''}</span> · {t('waitlist.places')}: {e.places} ·{' '}
                {e.status === 'OFFERED' ? t('waitlist.offeredUntil', { time: formatTime(e.offerExpiresAt!, i18n.language) }) : t('waitlist.waiting')}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}
