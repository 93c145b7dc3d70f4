// Every page of the staff console has its title, passes axe at 375 and 1280 px, and speaks the
// staff member's language. Staff addresses are the e2e server's (scripts/e2e-server.mjs).
import { expect, test } from './fixed-clock';
import { signedInAsStaff } from './staff-support';
import { expectNoAxeViolations } from './support';

const PAGES = ['/staff/gate', '/staff/today', '/staff/bookings', '/staff/members', '/staff/calendar', '/staff/reports', '/staff/program', '/staff/promos', '/staff/catalog', '/staff/sell'];

// axe at the phone's layout and the desktop's; 800 px is looked at in screenshots (scripts/screenshots.mjs).
test('the staff pages have their titles and pass axe at 375 and 1280 px, in English and in Korean @own-viewport', async ({ page }) => {
  test.slow();
  await signedInAsStaff(page, 'manager-9@staff.example');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page).toHaveTitle(/^.+ \| Skyline Ambassadors$/);
      await expectNoAxeViolations(page);
    }
  }
  // Korean: the headings, the sections and the role are Korean, and the page still passes axe.
  await page.goto('/ko/staff/today');
  await expect(page.getByRole('heading', { level: 1, name: '오늘' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '직원 콘솔' }).getByRole('link', { name: '입구' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/ko/staff/gate');
  await expect(page.locator('main')).not.toContainText(/\b(Scan|Gate|Check|Today|Bookings)\b/);
});
