// The one instant every test runs at (docs/decisions/0031): a Wednesday in May with no holiday near, so that
// "today", "the next slot on sale" and "tomorrow" never fall on a closed day whatever the real calendar says.
// In-process tests pass it as their deps' `now`; the test sites and the browser tests' site start their
// clock here (SKYPASS_CLOCK); the browser tests' pages see it through tests/e2e/support.ts.

/** 10:00 in New York on Wednesday 12 May 2027. */
export const FIXED_NOW_ISO = '2027-05-12T10:00:00-04:00';

export const FIXED_NOW = new Date(FIXED_NOW_ISO);

/** The fixed local date, and the instant `minutes` after the fixed one (a hold's expiry, a later visit). */
export const FIXED_TODAY = '2027-05-12';
export const fixedNowPlus = (minutes: number): Date => new Date(FIXED_NOW.getTime() + minutes * 60_000);
