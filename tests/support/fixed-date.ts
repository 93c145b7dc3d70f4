// The one instant every test runs at (docs/decisions/0031): a Wednesday in May with no holiday near, so that
// "today", "the next slot on sale" and "tomorrow" never fall on a closed day whatever the real calendar says.
// Integration files run on a clock started here (tests/integration/fixed-clock.ts): they read it with
// serverNow() and pass it to their deps as `now`, and the sites they talk to share it (SKYPASS_CLOCK). The
// browser tests' site starts here too (scripts/e2e-server.mjs), and its pages agree (tests/e2e/fixed-clock.ts).

/** 10:00 in New York on Wednesday 12 May 2027. */
export const FIXED_NOW_ISO = '2027-05-12T10:00:00-04:00';

export const FIXED_NOW = new Date(FIXED_NOW_ISO);

/** The fixed instant's day in New York. */
export const FIXED_TODAY = '2027-05-12';
