// A database outage in the browser: the server answers the session call with 503 (here played by the
// browser's network layer, as the real outage is proven in tests/integration/database-outage.test.ts), and
// the member stays signed in on the page; once the server answers again, a real sign-out still signs out.
import { expect, test } from './fixed-clock';
import { signedInAsNewMember } from './support';

const UNAVAILABLE = { error: 'The service is briefly unavailable. Please try again in a moment.', code: 'UNAVAILABLE' };

test('a member is not shown signed out while the session call answers 503 @own-viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAsNewMember(page, 'outage', null);
  await page.goto('/products');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'My account' })).toBeVisible();

  let refused = 0;
  await page.route('**/api/auth/session', (route) => {
    refused++;
    return route.fulfill({ status: 503, headers: { 'retry-after': '10' }, json: UNAVAILABLE });
  });
  // The tab comes back into view: next-auth asks for the session, gets 503 and reads it as "no session";
  // the page asks once more itself, gets 503 again, and keeps the member.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect.poll(() => refused).toBeGreaterThanOrEqual(2);
  await expect(banner.getByRole('button', { name: 'My account' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Join Program' })).toHaveCount(0);

  // The server is back, and the member signs out in earnest: then the page says so.
  await page.unroute('**/api/auth/session');
  await banner.getByRole('button', { name: 'My account' }).click();
  await banner.getByRole('button', { name: 'Sign out' }).click();
  await expect(banner.getByRole('link', { name: 'Join Program' })).toBeVisible();
});
