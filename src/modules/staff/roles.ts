// The staff console's two roles (decision 0016): `gate` scans tickets and reads the day; `manager` may
// do everything. They are named by e-mail in STAFF_EMAILS and MANAGER_EMAILS (the demo names one of
// each); a staff user signs in with the same e-mailed link as members, without signing up.
import { DEMO_STAFF } from '@/server/demo-keys';
import { getEnv } from '@/server/env';
import { normalizeEmail } from '@/universal/normalize-email';

export type StaffRole = 'gate' | 'manager';

export type StaffUser = { userId: string; email: string; role: StaffRole };

/** The role of this e-mail address, if it is staff. */
export function staffRole(email: string, env = getEnv()): StaffRole | undefined {
  const address = normalizeEmail(email);
  const demo = env.SKYPASS_DEMO && env.STAFF_EMAILS.length === 0 && env.MANAGER_EMAILS.length === 0;
  const managers = demo ? [DEMO_STAFF.manager] : env.MANAGER_EMAILS;
  const gate = demo ? [DEMO_STAFF.gate] : env.STAFF_EMAILS;
  if (managers.includes(address)) return 'manager';
  if (gate.includes(address)) return 'gate';
  return undefined;
}

/** Whether the role may do what `needed` allows. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return needed === 'gate' || role === 'manager';
}
