import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { formatTime } from '@/universal/format/date-time';
import type { WebSlot } from '@/modules/catalog/check-availability';
import styles from './booking.module.css';

type Props = { slots: WebSlot[]; selectedId?: string; onSelect: (availabilityId: string) => void };

export function TimeSlotPicker({ slots, selectedId, onSelect }: Props) {
  const { t } = useTranslation('products');
  const { locale = 'en' } = useRouter();
  if (slots.length === 0 || !slots.some((s) => s.status !== 'CLOSED')) return <p className={styles.hint}>{t('slots.none')}</p>;
  return (
    <>
      <ul className={styles.slots}>
        {slots
          .filter((s) => s.status !== 'CLOSED')
          .map((slot) => (
            <li key={slot.id}>
              <button
                type="button"
                className={styles.slot}
                aria-pressed={slot.id === selectedId}
                disabled={!slot.available}
                onClick={() => onSelect(slot.id)}
              >
                <span className={styles.slotTime}>{formatTime(slot.localDateTimeStart, locale)}</span>
                <span className={styles.slotLeft}>{slot.vacancies > 0 ? t('slots.left', { count: slot.vacancies }) : t('slots.soldOut')}</span>
              </button>
            </li>
          ))}
      </ul>
      <p className={styles.hint}>{t('slots.newYorkTime')}</p>
    </>
  );
}
