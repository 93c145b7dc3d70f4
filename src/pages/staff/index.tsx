import { withOutagePage } from '@/http/outage-page';
import { requireStaff } from '@/http/require-staff';

/** The console opens on the gate. */
export const getServerSideProps = withOutagePage(async (ctx) => {
  const access = await requireStaff(ctx);
  if (!('staff' in access)) return access;
  const prefix = ctx.locale && ctx.locale !== ctx.defaultLocale ? `/${ctx.locale}` : '';
  return { redirect: { destination: `${prefix}/staff/gate`, permanent: false } };
});

export default function StaffHome() {
  return null;
}
