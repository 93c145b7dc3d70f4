// The staff console's roles (decisions 0016, 0053): `gate` scans tickets and reads the day; `boxoffice`
// does that and sells at the counter (/staff/sell); `manager` may do everything. They are named by e-mail in
// STAFF_EMAILS, BOXOFFICE_EMAILS and MANAGER_EMAILS (the demo names one of each); a staff user signs in with
// the same e-mailed link as members, without signing up.
import { DEMO_STAFF } from '@/server/demo-keys';
import { getEnv } from '@/server/env';
import { normalizeEmail } from '@/universal/normalize-email';

export type StaffRole = 'gate' | 'boxoffice' | 'manager';

export type StaffUser = { userId: string; email: string; role: StaffRole };

/** The role of this e-mail address, if it is staff. */
export function staffRole(email: string, env = getEnv()): StaffRole | undefined {
  const address = normalizeEmail(email);
  const demo = env.SKYPASS_DEMO && env.STAFF_EMAILS.length === 0 && env.MANAGER_EMAILS.length === 0 && env.BOXOFFICE_EMAILS.length === 0;
  const managers = demo ? [DEMO_STAFF.manager] : env.MANAGER_EMAILS;
  const boxOffice = demo ? [DEMO_STAFF.boxoffice] : env.BOXOFFICE_EMAILS;
  const gate = demo ? [DEMO_STAFF.gate] : env.STAFF_EMAILS;
  if (managers.includes(address)) return 'manager';
  if (boxOffice.includes(address)) return 'boxoffice';
  if (gate.includes(address)) return 'gate';
  return undefined;
}

/** Whether the role may do what `needed` allows: every role what the gate may, the box office and managers
 * what the box office may, managers everything. */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  if (needed === 'gate' || role === 'manager') return true;
  return needed === 'boxoffice' && role === 'boxoffice';
}
