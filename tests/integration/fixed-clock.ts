// Before each integration file. The files of a lane share their worker processes (vitest.config.mts,
// `isolate: false`, decision 0072): each file starts from the app as a fresh process would have it, its
// modules evaluated anew and the values they keep per process forgotten, while the libraries the app imports
// (PGlite, drizzle, Next.js) stay loaded. Then this process's clock (serverNow, which the use cases read)
// agrees with the test sites', which global-setup started at FIXED_NOW (docs/decisions/0031). Tests read the
// time with serverNow() and pass it to their deps as `now`; sites they start themselves begin at this clock too.
import { inject, vi } from 'vitest';
import { FIXED_NOW } from '../support/fixed-date';

type AppGlobals = typeof globalThis & { __skypassGlobals?: unknown; __skypassDocuments?: unknown };

vi.resetModules();
delete (globalThis as AppGlobals).__skypassGlobals;
delete (globalThis as AppGlobals).__skypassDocuments;

const { setServerClock } = await import('@/server/clock');
setServerClock(new Date(FIXED_NOW.getTime() + (Date.now() - inject('clockStartedAt'))));
