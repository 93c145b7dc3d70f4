// The staff roles (decisions 0016, 0053): who is which role, the demo's three addresses while every list is
// unset, and what each role may do.
import { describe, expect, it } from 'vitest';
import { roleAllows, staffRole } from '@/modules/staff/roles';
import type { Env } from '@/server/env';

const env = (lists: Partial<Pick<Env, 'STAFF_EMAILS' | 'BOXOFFICE_EMAILS' | 'MANAGER_EMAILS'>>, demo = false) =>
  ({ SKYPASS_DEMO: demo, STAFF_EMAILS: [], BOXOFFICE_EMAILS: [], MANAGER_EMAILS: [], ...lists }) as unknown as Env;

describe('staff roles', () => {
  it('names the box office by BOXOFFICE_EMAILS, a manager listed twice stays a manager', () => {
    const lists = env({ STAFF_EMAILS: ['g@x.example'], BOXOFFICE_EMAILS: ['b@x.example', 'm@x.example'], MANAGER_EMAILS: ['m@x.example'] });
    expect(staffRole('B@X.example', lists)).toBe('boxoffice');
    expect(staffRole('m@x.example', lists)).toBe('manager');
    expect(staffRole('g@x.example', lists)).toBe('gate');
    expect(staffRole('someone@x.example', lists)).toBeUndefined();
  });

  it('gives the demo its three addresses only while every list is unset', () => {
    expect(staffRole('boxoffice@skyline-tower.example', env({}, true))).toBe('boxoffice');
    expect(staffRole('boxoffice@skyline-tower.example', env({ BOXOFFICE_EMAILS: ['b@x.example'] }, true))).toBeUndefined();
    expect(staffRole('boxoffice@skyline-tower.example', env({}, false))).toBeUndefined();
  });

  it('lets every role do the gate’s work, the box office and managers sell, only managers manage', () => {
    expect(['gate', 'boxoffice', 'manager'].map((role) => roleAllows(role as 'gate', 'gate'))).toEqual([true, true, true]);
    expect(['gate', 'boxoffice', 'manager'].map((role) => roleAllows(role as 'gate', 'boxoffice'))).toEqual([false, true, true]);
    expect(['gate', 'boxoffice', 'manager'].map((role) => roleAllows(role as 'gate', 'manager'))).toEqual([false, false, true]);
  });
});
