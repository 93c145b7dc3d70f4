// Before each integration file, after tests/support/fresh-app.ts: this process's clock (serverNow, which the use
// cases read) agrees with the test sites', which global-setup started at FIXED_NOW (docs/decisions/0031). Tests
// read the time with serverNow() and pass it to their deps as `now`; sites they start themselves begin at this
// clock too.
import { inject } from 'vitest';
import { FIXED_NOW } from '../support/fixed-date';

// Imported once the module registry is fresh: the test file's modules share this clock.
const { setServerClock } = await import('@/server/clock');
setServerClock(new Date(FIXED_NOW.getTime() + (Date.now() - inject('clockStartedAt'))));
