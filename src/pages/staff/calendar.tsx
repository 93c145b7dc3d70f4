import { withOutagePage } from '@/http/outage-page';
import { useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from '@/client/i18n';
import { useCalendarMonth } from '@/client/staff/calendar-calls';
import { DayPlanner } from '@/components/staff/DayPlanner';
import { OnsalePlanner } from '@/components/staff/OnsalePlanner';
import { MonthGrid, nextMonth, previousMonth } from '@/components/staff/MonthGrid';
import { StaffPage } from '@/components/staff/StaffPage';
import styles from '@/components/staff/staff.module.css';
import { Alert } from '@/components/ui/Alert';
import { Card } from '@/components/ui/Card';
import { ATTRACTION } from '@/config/attraction';
import { CATALOG } from '@/config/catalog';
import { DEFAULT_RATE_PER_MINUTE } from '@/universal/onsale-rate';
import { productTitleIn } from '@/universal/catalog-names';
import { serverNow } from '@/server/clock';
import { requireStaff } from '@/http/require-staff';
import { calendarMonth, type CalendarMonth } from '@/modules/calendar/month-view';
import type { StaffUser } from '@/modules/staff/roles';
import { translationProps } from '@/server/translations';
import { isLocalDate, todayIn } from '@/universal/local-date';
import { getCalendarDeps } from '@/wiring/calendar';

type Props = { staff: StaffUser; forbidden: boolean; initial: CalendarMonth | null; date: string | null; managedBySupplier: boolean };

function Planner({ initial, date: initialDate }: { initial: CalendarMonth; date: string | null }) {
  const { t } = useTranslation('staff');
  const { locale = 'en' } = useRouter();
  const [month, setMonth] = useState(initialDate?.slice(0, 7) ?? initial.month);
  const [date, setDate] = useState<string | undefined>(initialDate ?? undefined);
  const { data, error, mutate } = useCalendarMonth(month, initial);
  const shown = data?.month === month ? data : undefined;
  const thisMonth = initial.today.slice(0, 7);
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
  return (
    <div className={styles.planner}>
      <Card>
        <div className={styles.monthHeader}>
          <button type="button" className={styles.monthButton} aria-label={t('calendar.previousMonth')} disabled={month <= thisMonth} onClick={() => setMonth(previousMonth(month))}>
            ‹
          </button>
          <h2 className={styles.monthTitle} aria-live="polite">
            {monthName}
          </h2>
          <button type="button" className={styles.monthButton} aria-label={t('calendar.nextMonth')} onClick={() => setMonth(nextMonth(month))}>
            ›
          </button>
        </div>
        {error && <Alert tone="error">{error instanceof Error ? error.message : String(error)}</Alert>}
        {/* Never the month before under this month's title while the new one loads (a wrong day was opened so). */}
        {shown ? (
          <MonthGrid month={shown} selected={date} onSelect={setDate} />
        ) : (
          !error && (
            <p className={styles.monthLoading} role="status" data-testid="month-loading">
              {t('calendar.loading', { month: monthName })}
            </p>
          )
        )}
      </Card>
      <Card>{date ? <DayPlanner key={date} date={date} onChanged={() => void mutate()} /> : <p className={styles.muted}>{t('calendar.chooseDay')}</p>}</Card>
    </div>
  );
}

export default function CalendarPage({ staff, forbidden, initial, date, managedBySupplier }: Props) {
  const { t } = useTranslation('staff');
  const products = CATALOG.products.map((p) => ({ id: p.id, title: productTitleIn(t, (k) => `catalog:${k}`, p.id) }));
  return (
    <StaffPage title={t('calendar.title')} staff={staff} forbidden={forbidden}>
      {managedBySupplier && <Alert tone="info">{t('calendar.managedBySupplier')}</Alert>}
      {initial && <Planner initial={initial} date={date} />}
      {!forbidden && (
        <Card className={styles.onsales}>
          <OnsalePlanner products={products} defaultRate={DEFAULT_RATE_PER_MINUTE} />
        </Card>
      )}
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx, 'manager');
  if (!('staff' in access)) return access;
  const translations = await translationProps(ctx.locale, ['staff', 'catalog', 'onsale']);
  if (access.forbidden) return { props: { ...translations, staff: access.staff, forbidden: true, initial: null, date: null, managedBySupplier: false } };
  const date = typeof ctx.query.date === 'string' && isLocalDate(ctx.query.date) ? ctx.query.date : null;
  const deps = await getCalendarDeps();
  // With an external supplier there is nothing of ours to plan: the page says whose calendar it is.
  if (!deps.ownInventory) return { props: { ...translations, staff: access.staff, forbidden: false, initial: null, date: null, managedBySupplier: true } };
  const initial = await calendarMonth(deps, (date ?? todayIn(ATTRACTION.timeZone, serverNow())).slice(0, 7));
  return { props: { ...translations, staff: access.staff, forbidden: false, initial, date, managedBySupplier: false } };
});
