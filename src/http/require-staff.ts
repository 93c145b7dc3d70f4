// For the staff console's pages: the staff user, a redirect to sign-in, a 404 for a member who is not
// staff (as for a page that does not exist), or `forbidden` (403) for gate staff on a manager's page.
import type { GetServerSidePropsContext, Redirect } from 'next';
import { roleAllows, staffRole, type StaffRole, type StaffUser } from '@/modules/staff/roles';
import { requireMember } from './require-member';

export type StaffGate = { staff: StaffUser; forbidden?: boolean } | { redirect: Redirect } | { notFound: true };

export async function requireStaff(ctx: GetServerSidePropsContext, needed: StaffRole = 'gate'): Promise<StaffGate> {
  const { session, redirect } = await requireMember(ctx);
  if (redirect) return { redirect };
  const email = session.user?.email;
  const role = email ? staffRole(email) : undefined;
  if (!email || !role) return { notFound: true };
  const staff = { userId: session.user.id, email, role };
  if (!roleAllows(role, needed)) {
    ctx.res.statusCode = 403;
    return { staff, forbidden: true };
  }
  return { staff };
}
