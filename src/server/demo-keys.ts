// The published keys of demo mode (SKYPASS_DEMO=true), so that `npm run ops` and the OCTO API can be
// tried at once. They are in the README for anyone to read: outside demo mode they open nothing, even on
// a database the demo used (docs/decisions/0014).

/** The operator API's key in the demo, when OPS_API_KEY is not set. */
export const DEMO_OPS_KEY = 'skypass-demo-ops-key';

/** The one reseller of the OCTO API in the demo, when OCTO_RESELLER_KEYS is not set. */
export const DEMO_RESELLER = { id: 'demo-reseller', key: 'skypass-demo-octo-key' } as const;

/** Whether `key` is one of the published demo keys. */
export const isDemoKey = (key: string): boolean => key === DEMO_OPS_KEY || key === DEMO_RESELLER.key;

/** The demo's staff, when STAFF_EMAILS, BOXOFFICE_EMAILS and MANAGER_EMAILS are all unset: one gate user, one
 * box-office user, one manager. */
export const DEMO_STAFF = { gate: 'gate@skyline-tower.example', boxoffice: 'boxoffice@skyline-tower.example', manager: 'manager@skyline-tower.example' } as const;
