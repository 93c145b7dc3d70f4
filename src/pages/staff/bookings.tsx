import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { BookingDesk } from '@/components/staff/BookingDesk';
import { StaffPage } from '@/components/staff/StaffPage';
import { requireStaff } from '@/http/require-staff';
import type { StaffUser } from '@/modules/staff/roles';
import { translationProps } from '@/server/translations';

type Props = { staff: StaffUser };

export default function BookingsPage({ staff }: Props) {
  const { t } = useTranslation('staff');
  return (
    <StaffPage title={t('bookings.title')} staff={staff}>
      <BookingDesk role={staff.role} />
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx);
  if (!('staff' in access)) return access;
  return { props: { ...(await translationProps(ctx.locale, ['staff', 'catalog', 'gcrefunds', 'addons'])), staff: access.staff } };
});
