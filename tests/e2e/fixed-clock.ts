// Every browser test runs on the site's clock: the site starts at FIXED_NOW (scripts/e2e-server.mjs sets
// SKYPASS_CLOCK), and each page's Date, date pickers and countdowns read the same time (docs/decisions/0031).
// Specs import `test` and `expect` from here instead of @playwright/test.
import { test as base, expect, type APIRequestContext, type BrowserContext } from '@playwright/test';

/** The site's clock now: POST /api/dev/clock with no `at` reads it (demo mode only). */
async function siteNow(request: APIRequestContext): Promise<number> {
  const res = await request.post('/api/dev/clock', { data: {} });
  expect(res.ok(), 'the e2e site runs in demo mode, where /api/dev/clock answers').toBe(true);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/** Sets a browser context's clock to the site's, running on in real time: install() without pausing, so that
 * timers (toasts, polls, debounces) keep firing as they would on a real clock. Before any page opens. */
export async function agreeWithSiteClock(context: BrowserContext, request: APIRequestContext = context.request): Promise<void> {
  await context.clock.install({ time: await siteNow(request) });
}

export const test = base.extend({
  // Playwright's `use` callback, named otherwise: lint would take it for React's use() hook.
  context: async ({ context }, provide) => {
    await agreeWithSiteClock(context);
    await provide(context);
  },
});

export { expect };
