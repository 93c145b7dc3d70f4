import { useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import type { Quantities } from '@/client/booking/selection-store';
import { useCalendar } from '@/client/booking/use-calendar';
import { TIME_ZONE } from '@/config/attraction';
import { formatDate } from '@/universal/format/date-time';
import { todayIn } from '@/universal/local-date';
import styles from './booking.module.css';

type Props = {
  productId: string;
  optionId: string;
  quantities: Quantities;
  selectedDate?: string;
  onSelect: (localDate: string) => void;
};

const STATUS_LABEL: Record<string, string> = {
  AVAILABLE: 'calendar.available',
  FREESALE: 'calendar.available',
  LIMITED: 'calendar.limited',
  SOLD_OUT: 'calendar.soldOut',
  CLOSED: 'calendar.closed',
  NONE: 'calendar.unavailable',
};

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

function daysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

type WeekInfo = { firstDay: number };
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/** 0 (Sunday) or 1 (Monday): where weeks start for the visitor's language and its usual region. */
function firstDayOfWeek(locale: string): number {
  const full = new Intl.Locale(locale).maximize() as LocaleWithWeekInfo;
  const info = full.getWeekInfo?.() ?? full.weekInfo;
  return (info?.firstDay ?? 7) % 7;
}

export function DatePicker({ productId, optionId, quantities, selectedDate, onSelect }: Props) {
  const { t } = useTranslation('products');
  const { locale = 'en' } = useRouter();
  const thisMonth = todayIn(TIME_ZONE).slice(0, 7);
  const [month, setMonth] = useState(() => (selectedDate && selectedDate.slice(0, 7) > thisMonth ? selectedDate.slice(0, 7) : thisMonth));
  const { data: calendar, error } = useCalendar(productId, optionId, month, quantities);
  const closedReasons = useMemo(() => (calendar ?? []).filter((d) => d.closedReason), [calendar]);
  const statusOf = useMemo(() => new Map((calendar ?? []).map((d) => [d.localDate, d.available ? d.status : d.status === 'CLOSED' ? 'CLOSED' : 'SOLD_OUT'])), [calendar]);

  const days = daysOf(month);
  const weekStartsOn = firstDayOfWeek(locale);
  const firstWeekday = new Date(`${days[0]}T12:00:00Z`).getUTCDay();
  const lead = (firstWeekday - weekStartsOn + 7) % 7;
  const weekdayNames = Array.from({ length: 7 }, (_, i) =>
    new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 1 + weekStartsOn + i))),
  );
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

  return (
    <div>
      <div className={styles.calendarHeader}>
        <button type="button" className={styles.monthButton} aria-label={t('calendar.previousMonth')} disabled={month <= thisMonth} onClick={() => setMonth(shiftMonth(month, -1))}>
          ‹
        </button>
        <p className={styles.monthName} aria-live="polite">
          {monthName}
        </p>
        <button type="button" className={styles.monthButton} aria-label={t('calendar.nextMonth')} onClick={() => setMonth(shiftMonth(month, 1))}>
          ›
        </button>
      </div>
      <div className={styles.weekdays} aria-hidden="true">
        {weekdayNames.map((name) => (
          <span key={name}>{name}</span>
        ))}
      </div>
      <div className={styles.days}>
        {Array.from({ length: lead }, (_, i) => (
          <span key={`lead-${i}`} />
        ))}
        {days.map((localDate) => {
          const status = statusOf.get(localDate) ?? 'NONE';
          // A sold-out day opens too: its times offer the waitlist.
          const open = status === 'AVAILABLE' || status === 'LIMITED' || status === 'FREESALE' || status === 'SOLD_OUT';
          const reason = closedReasons.find((d) => d.localDate === localDate)?.closedReason;
          return (
            <button
              key={localDate}
              type="button"
              className={styles.day}
              data-status={status}
              data-date={localDate}
              aria-pressed={localDate === selectedDate}
              aria-label={`${formatDate(localDate, locale)}, ${reason ? t('calendar.closedBecause', { reason }) : t(STATUS_LABEL[status] ?? 'calendar.unavailable')}`}
              title={reason ? t('calendar.closedBecause', { reason }) : undefined}
              disabled={!open}
              onClick={() => onSelect(localDate)}
            >
              {Number(localDate.slice(8))}
            </button>
          );
        })}
      </div>
      {closedReasons.length > 0 && (
        // Why a manager closed a day, in the manager's words, under a translated label.
        <ul className={styles.closures} aria-label={t('calendar.closedDays')}>
          {closedReasons.map((d) => (
            <li key={d.localDate} data-closed-date={d.localDate}>
              <strong>{formatDate(d.localDate, locale)}</strong>: {t('calendar.closedBecause', { reason: d.closedReason })}
            </li>
          ))}
        </ul>
      )}
      <ul className={styles.legend} aria-label={t('calendar.legend')}>
        <li>
          <span className={styles.swatch} data-status="AVAILABLE" />
          {t('calendar.available')}
        </li>
        <li>
          <span className={styles.swatch} data-status="LIMITED" />
          {t('calendar.limited')}
        </li>
        <li>
          <span className={styles.swatch} data-status="SOLD_OUT" />
          {t('calendar.soldOut')}
        </li>
        <li>
          <span className={styles.swatch} data-status="CLOSED" />
          {t('calendar.closed')}
        </li>
      </ul>
      {error && <p className={styles.error}>{t('messages.failedToFetch')}</p>}
    </div>
  );
}
