// Before each test file of a project whose files share worker processes (vitest.config.mts, `isolate: false`,
// decision 0072): the file starts from the app as a fresh process would have it. Vitest's module registry is
// reset, so the app's modules are evaluated anew, and the values the app keeps per process on `globalThis` are
// forgotten; the libraries (PGlite, drizzle, React) stay loaded, which is what sharing the process saves. A page
// that a test rendered is taken down after it.
import { afterEach, vi } from 'vitest';

vi.resetModules();
// What the app keeps on globalThis is named `__skypass…` (universal/process-global.ts, config/document-store.ts,
// server/db/client.ts): all of it, so that a holder added later is forgotten too.
const appGlobals = globalThis as Record<string, unknown>;
for (const key of Object.keys(appGlobals)) if (key.startsWith('__skypass')) delete appGlobals[key];

if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(cleanup);
}
