import { withOutagePage } from '@/http/outage-page';
import { useState } from 'react';
import { useTranslation } from '@/client/i18n';
import { useDayOverview } from '@/client/staff/use-today';
import { DayTable } from '@/components/staff/DayTable';
import { DeckOccupancy } from '@/components/staff/DeckOccupancy';
import { DayWaitlist } from '@/components/staff/DayWaitlist';
import { StaffPage } from '@/components/staff/StaffPage';
import styles from '@/components/staff/staff.module.css';
import { Alert } from '@/components/ui/Alert';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import { ATTRACTION } from '@/config/attraction';
import { serverNow } from '@/server/clock';
import { requireStaff } from '@/http/require-staff';
import { dayOverview, type DayOverview } from '@/modules/staff/day-overview';
import type { StaffUser } from '@/modules/staff/roles';
import { translationProps } from '@/server/translations';
import { isLocalDate, todayIn } from '@/universal/local-date';
import { getCalendarDeps } from '@/wiring/calendar';

type Props = { staff: StaffUser; day: DayOverview };

export default function TodayPage({ staff, day }: Props) {
  const { t } = useTranslation('staff');
  const [date, setDate] = useState(day.date);
  const { data, error } = useDayOverview(date, day);
  return (
    <StaffPage title={t('today.title')} staff={staff}>
      <Card>
        {/* Today's count, whatever date the table shows: it refreshes with it. */}
        <DeckOccupancy occupancy={(data ?? day).occupancy} />
        <TextField label={t('today.date')} type="date" value={date} required onChange={(e) => isLocalDate(e.target.value) && setDate(e.target.value)} />
        <p className={styles.muted}>
          {t('today.refreshing')}
        </p>
        {data?.closed && (
          <div className={styles.closedBanner}>
            <Alert tone="info">{data.closed.reason ? t('today.closedBanner', { reason: data.closed.reason }) : t('today.closedCatalog')}</Alert>
          </div>
        )}
        {data?.source === 'supplier' && <Alert tone="info">{t('today.supplierCounts')}</Alert>}
        {error && <Alert tone="error">{error instanceof Error ? error.message : String(error)}</Alert>}
        {data && <DayTable day={data} />}
        <DayWaitlist date={date} />
      </Card>
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx);
  if (!('staff' in access)) return access;
  const query = typeof ctx.query.date === 'string' && isLocalDate(ctx.query.date) ? ctx.query.date : todayIn(ATTRACTION.timeZone, serverNow());
  const day = await dayOverview(await getCalendarDeps(), query);
  return { props: { ...(await translationProps(ctx.locale, ['staff', 'catalog'])), staff: access.staff, day } };
});
