import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { JoinedSlot } from '@/client/booking/use-waitlist-join';
import { formatTime } from '@/universal/format/date-time';
import type { WebSlot } from '@/modules/catalog/check-availability';
import styles from './booking.module.css';

type Waitlist = { join: (availabilityId: string) => void; busyId?: string; joined?: JoinedSlot };
/** `wanted`: the places of the tickets chosen, to tell a member which times only the places kept for members make bookable. */
type Props = { slots: WebSlot[]; selectedId?: string; onSelect: (availabilityId: string) => void; waitlist: Waitlist; wanted?: number };

/** What a slot's button says under its time: the places left, sold out, or only for a higher tier. */
function slotNote(slot: WebSlot, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (slot.membersOnlyTier) return t('slots.membersOnly');
  return slot.vacancies > 0 ? t('slots.left', { count: slot.vacancies }) : t('slots.soldOut');
}

export function TimeSlotPicker({ slots, selectedId, onSelect, waitlist, wanted = 1 }: Props) {
  const { t } = useTranslation('products');
  const { locale = 'en' } = useRouter();
  // A time kept for a higher tier shows, closed, with that reason (decision 0041); a closed time does not.
  const open = slots.filter((s) => s.status !== 'CLOSED' || s.membersOnlyTier);
  if (open.length === 0) return <p className={styles.hint}>{t('slots.none')}</p>;
  const joined = waitlist.joined && slots.find((s) => s.id === waitlist.joined!.availabilityId);
  return (
    <>
      <ul className={styles.slots}>
        {open.map((slot) => {
          const time = formatTime(slot.localDateTimeStart, locale);
          // Only the places kept for members let this member book it.
          const kept = slot.available && (slot.keptForMembers ?? 0) > 0 && slot.vacancies - slot.keptForMembers! < Math.max(wanted, 1);
          return (
            <li key={slot.id} className={styles.slotItem}>
              <button type="button" className={styles.slot} aria-pressed={slot.id === selectedId} disabled={!slot.available} onClick={() => onSelect(slot.id)}>
                <span className={styles.slotTime}>{time}</span>
                <span className={styles.slotLeft}>{slotNote(slot, t)}</span>
                {kept && <span className={styles.slotKept}>{t('slots.keptForMembers')}</span>}
              </button>
              {!slot.available && !slot.membersOnlyTier && slot.id !== joined?.id && (
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
        open.some((s) => !s.available && !s.membersOnlyTier) && <p className={`${styles.hint} ${styles.waitlistHint}`}>{t('waitlist.explain')}</p>
      )}
      <p className={styles.hint}>{t('slots.newYorkTime')}</p>
    </>
  );
}
