import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { GateScanner } from '@/components/staff/GateScanner';
import { StaffPage } from '@/components/staff/StaffPage';
import { requireStaff } from '@/http/require-staff';
import type { StaffUser } from '@/modules/staff/roles';
import { translationProps } from '@/server/translations';

type Props = { staff: StaffUser };

export default function GatePage({ staff }: Props) {
  const { t } = useTranslation('staff');
  return (
    <StaffPage title={t('gate.title')} staff={staff}>
      <GateScanner />
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx);
  if (!('staff' in access)) return access;
  return { props: { ...(await translationProps(ctx.locale, ['staff', 'catalog', 'passes', 'addons'])), staff: access.staff } };
});
