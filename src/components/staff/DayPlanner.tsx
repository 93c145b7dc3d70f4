import { useState, type FormEvent } from 'react';
import { productTitle, optionTitle } from '@/client/i18n/catalog-names';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { closeDay, openDay, setCapacity, useCalendarDay } from '@/client/staff/calendar-calls';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import type { CalendarDayDetail } from '@/modules/calendar/day-view';
import { formatDate } from '@/universal/format/date-time';
import styles from './staff.module.css';

type Notice = { tone: 'success' | 'error'; text: string } | undefined;

/** One option's slots on the day, and (on a day still ahead) the form that sets their capacity. */
function OptionSlots({ day, option, onChanged }: { day: CalendarDayDetail; option: CalendarDayDetail['options'][number]; onChanged: (notice: Notice) => void }) {
  const { t } = useTranslation('staff');
  const [time, setTime] = useState('');
  const [capacity, setCapacityValue] = useState('');
  const [busy, setBusy] = useState(false);
  const title = `${productTitle(t, option.productId)} · ${optionTitle(t, option.optionId)}`;
  if (option.slots.length === 0) return null;

  async function save(value: number | 'reset') {
    setBusy(true);
    const answer = await setCapacity({ optionId: option.optionId, date: day.date, ...(time ? { time } : {}), capacity: value });
    setBusy(false);
    onChanged(
      answer.ok
        ? { tone: 'success', text: t('calendar.capacitySaved', { option: title, count: answer.data.slots.length }) }
        : { tone: 'error', text: answer.error },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server checks the range and answers in the manager's language; a blank field sends nothing valid.
    void save(capacity.trim() === '' ? Number.NaN : Number(capacity));
  }

  return (
    // Folded: a day has dozens of slots per option; the summary gives the day's figures.
    <details className={styles.optionBlock} data-option={option.optionId}>
      <summary className={styles.optionSummary}>
        <span className={styles.subheading}>{title}</span>{' '}
        <span className={styles.muted}>
          {t('calendar.taken', { taken: option.slots.reduce((n, s) => n + s.taken, 0), capacity: option.slots.reduce((n, s) => n + s.capacity, 0) })}
          {option.slots.some((s) => s.capacity !== s.catalogCapacity) && ` · ${t('calendar.capacityChanged')}`}
        </span>
      </summary>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={t('calendar.slotsOf', { option: title })}>
        <table className={styles.table}>
          <caption className={styles.srOnly}>{t('calendar.slotsOf', { option: title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('calendar.slot')}</th>
              <th scope="col">{t('calendar.capacity')}</th>
              <th scope="col">{t('calendar.catalogCapacity')}</th>
              <th scope="col">{t('calendar.takenColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {option.slots.map((s) => (
              <tr key={s.availabilityId} data-slot={s.time}>
                <td>{s.time}</td>
                <td>
                  {s.capacity}
                  {s.capacity !== s.catalogCapacity && <span className={styles.muted}> ●</span>}
                </td>
                <td>{s.catalogCapacity}</td>
                <td>{s.taken}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {!day.past && (
        <form className={styles.capacityForm} onSubmit={submit}>
          <SelectField
            label={t('calendar.which')}
            value={time}
            onChange={(e) => setTime(e.target.value)}
            options={[{ value: '', label: t('calendar.wholeDay') }, ...option.slots.map((s) => ({ value: s.time, label: s.time }))]}
          />
          <TextField label={t('calendar.newCapacity')} type="number" inputMode="numeric" min={0} max={10000} step={1} value={capacity} onChange={(e) => setCapacityValue(e.target.value)} />
          <div className={styles.row}>
            <Button type="submit" busy={busy}>
              {t('calendar.setCapacity')}
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => void save('reset')}>
              {t('calendar.reset')}
            </Button>
          </div>
        </form>
      )}
    </details>
  );
}

/** A day of the calendar: open or closed (and why), the bookings a closure keeps, each option's slots. */
export function DayPlanner({ date, onChanged }: { date: string; onChanged: () => void }) {
  const { t } = useTranslation('staff');
  const { locale = 'en' } = useRouter();
  const { data: day, error, mutate } = useCalendarDay(date);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();

  async function changed(next: Notice) {
    setNotice(next);
    await mutate();
    onChanged();
  }

  async function close(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await closeDay(date, reason);
    setBusy(false);
    if (answer.ok) setReason('');
    await changed(answer.ok ? { tone: 'success', text: t('calendar.closedDone', { date: formatDate(date, locale), count: answer.data.bookings }) } : { tone: 'error', text: answer.error });
  }

  async function reopen() {
    setBusy(true);
    const answer = await openDay(date);
    setBusy(false);
    await changed(answer.ok ? { tone: 'success', text: t('calendar.openedDone', { date: formatDate(date, locale) }) } : { tone: 'error', text: answer.error });
  }

  return (
    <section className={styles.dayPanel} aria-labelledby="calendar-day-title">
      <h2 id="calendar-day-title" className={styles.dayTitle}>
        {formatDate(date, locale)}
      </h2>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {error && <Alert tone="error">{error instanceof Error ? error.message : String(error)}</Alert>}
      {day && (
        <>
          <p data-testid="day-state">
            {day.closedBy === 'manager'
              ? t('calendar.closedReason', { reason: day.reason })
              : day.closedBy === 'catalog'
                ? t('calendar.closedCatalogLong')
                : t('calendar.openLong')}
          </p>
          <p className={styles.muted}>{t('calendar.bookingsStay', { count: day.bookings })}</p>
          {day.past ? (
            <p className={styles.muted}>{t('calendar.pastDay')}</p>
          ) : day.closedBy === 'manager' ? (
            <Button type="button" variant="secondary" busy={busy} onClick={() => void reopen()}>
              {t('calendar.reopen')}
            </Button>
          ) : (
            day.closedBy === null && (
              <form className={styles.closeForm} onSubmit={close}>
                <TextField label={t('calendar.reason')} hint={t('calendar.reasonHint')} value={reason} maxLength={200} required onChange={(e) => setReason(e.target.value)} />
                <Button type="submit" busy={busy}>
                  {t('calendar.close')}
                </Button>
              </form>
            )
          )}
          {day.options.map((o) => (
            <OptionSlots key={o.optionId} day={day} option={o} onChanged={(n) => void changed(n)} />
          ))}
        </>
      )}
    </section>
  );
}
