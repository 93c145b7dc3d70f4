import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { JoinedSlot } from '@/client/booking/use-waitlist-join';
import { formatTime } from '@/universal/format/date-time';
import type { WebSlot } from '@/modules/catalog/check-availability';
import styles from './booking.module.css';

type Waitlist = { join: (availabilityId: string) => void; busyId?: string; joined?: JoinedSlot };
type Props = { slots: WebSlot[]; selectedId?: string; onSelect: (availabilityId: string) => void; waitlist: Waitlist };

export function TimeSlotPicker({ slots, selectedId, onSelect, waitlist }: Props) {
  const { t } = useTranslation('products');
  const { locale = 'en' } = useRouter();
  const open = slots.filter((s) => s.status !== 'CLOSED');
  if (open.length === 0) return <p className={styles.hint}>{t('slots.none')}</p>;
  const joined = waitlist.joined && slots.find((s) => s.id === waitlist.joined!.availabilityId);
  return (
    <>
      <ul className={styles.slots}>
        {open.map((slot) => {
          const time = formatTime(slot.localDateTimeStart, locale);
          return (
            <li key={slot.id} className={styles.slotItem}>
              <button type="button" className={styles.slot} aria-pressed={slot.id === selectedId} disabled={!slot.available} onClick={() => onSelect(slot.id)}>
                <span className={styles.slotTime}>{time}</span>
                <span className={styles.slotLeft}>{slot.vacancies > 0 ? t('slots.left', { count: slot.vacancies }) : t('slots.soldOut')}</span>
              </button>
              {!slot.available && slot.id !== joined?.id && (
                <button
                  type="button"
                  className={styles.waitlistButton}
                  aria-label={t('waitlist.joinFor', { time })}
                  aria-busy={waitlist.busyId === slot.id || undefined}
                  disabled={waitlist.busyId !== undefined}
                  onClick={() => waitlist.join(slot.id)}
                >
                  {t('waitlist.join')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {joined ? (
        <p className={styles.waitlistJoined} role="status">
          {t('waitlist.joined', { position: waitlist.joined!.position, time: formatTime(joined.localDateTimeStart, locale) })}
        </p>
      ) : (
        open.some((s) => !s.available) && <p className={`${styles.hint} ${styles.waitlistHint}`}>{t('waitlist.explain')}</p>
      )}
      <p className={styles.hint}>{t('slots.newYorkTime')}</p>
    </>
  );
}
