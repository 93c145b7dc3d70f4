// The member's waitlists on the bookings tab: their place in line, or the places held for them with the
// link to pay; each can be left (an offer left goes to the next in line at once).
import { Link } from '@/components/ui/Link';
import { useRouter } from 'next/router';
import { useState } from 'react';
import { postJson } from '@/client/api';
import { useTranslation } from '@/client/i18n';
import { toast } from '@/client/toast';
import { Button } from '@/components/ui/Button';
import type { WaitlistPlace } from '@/modules/waitlist/member-waitlist';
import { formatDate, formatTime } from '@/universal/format/date-time';
import styles from './profile.module.css';

export function MyWaitlist({ places }: { places: WaitlistPlace[] }) {
  const { t } = useTranslation('profile');
  const router = useRouter();
  const { locale = 'en' } = router;
  const [busyId, setBusyId] = useState<string>();
  if (places.length === 0) return null;

  async function leave(entryId: string) {
    setBusyId(entryId);
    const { status, data } = await postJson<{ error?: string }>('/api/waitlist/leave', { entryId }).catch(() => ({ status: 0, data: {} as { error?: string } }));
    setBusyId(undefined);
    if (status !== 200) {
      toast.error(data.error ?? t('waitlist.failed'));
      return;
    }
    toast.success(t('waitlist.left'));
    // The page's list comes from the server: read it again.
    void router.replace(router.asPath, undefined, { scroll: false });
  }

  return (
    <section className={styles.waitlist} aria-labelledby="waitlist-heading">
      <h2 id="waitlist-heading">{t('waitlist.heading')}</h2>
      <ul className={styles.bookings}>
        {places.map((place) => (
          <li key={place.id} className={styles.booking} data-waitlist-status={place.status}>
            <div className={styles.bookingHeader}>
              <h3>
                {place.productTitle}
                {place.optionTitle !== place.productTitle ? ` · ${place.optionTitle}` : ''}
              </h3>
              <span className={styles.status} data-status={place.status === 'OFFERED' ? 'CONFIRMED' : undefined}>
                {place.status === 'OFFERED' ? t('waitlist.offered', { until: formatTime(place.offerExpiresAt!, locale) }) : t('waitlist.position', { position: place.position })}
              </span>
            </div>
            <p className={styles.bookingMeta}>
              {formatDate(place.availabilityId, locale)} · {formatTime(place.availabilityId, locale)} · {t('waitlist.tickets', { count: place.places })}
            </p>
            <div className={styles.waitlistActions}>
              {place.status === 'OFFERED' && <Link href={`/checkout?uuid=${encodeURIComponent(place.bookingId!)}`}>{t('waitlist.pay')}</Link>}
              <Button variant="secondary" busy={busyId === place.id} disabled={busyId !== undefined} onClick={() => void leave(place.id)}>
                {t('waitlist.leave')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
