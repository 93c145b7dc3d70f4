// /staff/sell (the box office and managers; decision 0053): the till, a sale in a few taps with the tickets'
// QR codes on screen, and refunds at the counter; managers also read every till shift.
import { useState } from 'react';
import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { loadShifts, loadTill } from '@/client/staff/box-office-calls';
import { CounterRefund } from '@/components/box-office/CounterRefund';
import { SellFlow } from '@/components/box-office/SellFlow';
import { ShiftList } from '@/components/box-office/ShiftList';
import { TillPanel } from '@/components/box-office/TillPanel';
import styles from '@/components/box-office/box-office.module.css';
import { StaffPage } from '@/components/staff/StaffPage';
import { Card } from '@/components/ui/Card';
import { CATALOG } from '@/config/catalog';
import { TIME_ZONE } from '@/config/attraction';
import { requireStaff } from '@/http/require-staff';
import { listShifts, openShiftOf, shiftView, type TillShiftView } from '@/modules/box-office/till';
import type { StaffUser } from '@/modules/staff/roles';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { translationProps } from '@/server/translations';
import { todayIn } from '@/universal/local-date';

type Props = { staff: StaffUser; forbidden?: boolean; shift?: TillShiftView | null; shifts?: TillShiftView[] | null; today?: string; currency?: string };

export default function SellPage({ staff, forbidden, shift: initialShift, shifts: initialShifts, today, currency }: Props) {
  const { t } = useTranslation('boxoffice');
  const [shift, setShift] = useState(initialShift ?? null);
  const [shifts, setShifts] = useState(initialShifts ?? null);
  // After a sale, a refund, an opening or a closing: the till's figures (and the managers' list) read again.
  async function refresh() {
    const till = await loadTill();
    if (till.ok) setShift(till.data.shift);
    if (shifts) {
      const list = await loadShifts();
      if (list.ok) setShifts(list.data.shifts);
    }
  }
  return (
    <StaffPage title={t('title')} staff={staff} forbidden={forbidden} forbiddenText={t('forbidden')}>
      {today && (
        <>
          <Card className={styles.noPrint}>
            <TillPanel
              shift={shift}
              currency={currency ?? 'USD'}
              onChange={(next) => {
                setShift(next);
                void refresh();
              }}
            />
          </Card>
          <Card>
            <SellFlow today={today} tillOpen={shift !== null} onSold={() => void refresh()} />
          </Card>
          <Card className={styles.noPrint}>
            <CounterRefund onRefunded={() => void refresh()} />
          </Card>
          {shifts && (
            <Card className={styles.noPrint}>
              <h2>{t('shifts.heading')}</h2>
              <ShiftList shifts={shifts} />
            </Card>
          )}
        </>
      )}
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx, 'boxoffice');
  if (!('staff' in access)) return access;
  const translations = await translationProps(ctx.locale, ['staff', 'boxoffice', 'checkout']);
  if (access.forbidden) return { props: { ...translations, staff: access.staff, forbidden: true } };
  const db = await getDb();
  const open = await openShiftOf(db, access.staff.userId);
  const shift = open ? await shiftView(db, open) : null;
  const shifts = access.staff.role === 'manager' ? await listShifts(db) : null;
  return {
    props: {
      ...translations,
      staff: access.staff,
      shift: JSON.parse(JSON.stringify(shift)) as TillShiftView | null,
      shifts: JSON.parse(JSON.stringify(shifts)) as TillShiftView[] | null,
      today: todayIn(TIME_ZONE, serverNow()),
      currency: CATALOG.currency,
    },
  };
});
