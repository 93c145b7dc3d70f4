import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { CalendarDay, CalendarMonth } from '@/modules/calendar/month-view';
import { formatDate } from '@/universal/format/date-time';
import styles from './staff.module.css';

type Props = { month: CalendarMonth; selected?: string; onSelect: (date: string) => void };

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export const nextMonth = (month: string) => shiftMonth(month, 1);
export const previousMonth = (month: string) => shiftMonth(month, -1);

/** The spoken summary of a day: its date, open or closed (why), and the places taken. */
function dayLabel(day: CalendarDay, t: (key: string, options?: Record<string, unknown>) => string, locale: string): string {
  const taken = day.options.reduce((n, o) => n + o.taken, 0);
  const capacity = day.options.reduce((n, o) => n + o.capacity, 0);
  const state = day.closedBy === 'manager' ? t('calendar.closedReason', { reason: day.reason }) : day.closedBy === 'catalog' ? t('calendar.closedCatalog') : t('calendar.open');
  const changed = day.options.some((o) => o.changed) ? `, ${t('calendar.capacityChanged')}` : '';
  return `${formatDate(day.date, locale)}, ${state}, ${t('calendar.taken', { taken, capacity })}${changed}`;
}

/** The days of a month, Monday first: closed days dashed, changed capacities marked with a dot. */
export function MonthGrid({ month, selected, onSelect }: Props) {
  const { t } = useTranslation('staff');
  const { locale = 'en' } = useRouter();
  const lead = (new Date(`${month.days[0]!.date}T12:00:00Z`).getUTCDay() + 6) % 7;
  const weekdays = Array.from({ length: 7 }, (_, i) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 2 + i))));
  return (
    <div>
      <div className={styles.weekdays} aria-hidden="true">
        {weekdays.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      <div className={styles.monthGrid}>
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} />
        ))}
        {month.days.map((day) => (
          <button
            key={day.date}
            type="button"
            className={styles.calendarDay}
            data-date={day.date}
            data-closed={day.closed || undefined}
            data-past={day.past || undefined}
            aria-pressed={day.date === selected}
            aria-label={dayLabel(day, t, locale)}
            onClick={() => onSelect(day.date)}
          >
            <span>{Number(day.date.slice(8))}</span>
            {day.closed ? (
              // A sign, not a word: a word does not fit a phone's day; the label says "closed" in words.
              <span className={styles.dayMark} aria-hidden="true">
                ✕
              </span>
            ) : (
              day.options.some((o) => o.changed) && (
                <span className={styles.dayMark} aria-hidden="true">
                  ●
                </span>
              )
            )}
          </button>
        ))}
      </div>
      <p className={styles.muted}>{t('calendar.legend')}</p>
    </div>
  );
}
