// The calendar in Chromium: a manager closes a day with a reason, a visitor's ticket calendar shows the
// day closed with that reason, the manager reopens it. Both pages pass axe.
import type { APIRequestContext, Page } from '@playwright/test';
import { agreeWithSiteClock, expect, test } from './fixed-clock';
import { chooseProduct, expectNoAxeViolations, OCTO, showMonthOf } from './support';
import { signedInAsStaff } from './staff-support';
import { FIXED_NOW } from '../support/fixed-date';

/** An open day some weeks ahead, another for each project, so parallel runs never close the same day. */
async function openDayAhead(request: APIRequestContext, daysAhead: number) {
  const start = new Date(FIXED_NOW.getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(FIXED_NOW.getTime() + (daysAhead + 10) * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/octo/availability/calendar', { headers: OCTO, data: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: start, localDateEnd: end } });
  return ((await res.json()) as { localDate: string; status: string }[]).find((d) => d.status === 'AVAILABLE')!.localDate;
}

/** The staff calendar's month of a date: each month's days come from the server, so wait for them. */
async function showStaffMonthOf(page: Page, localDate: string) {
  for (let i = 0; i < 12 && (await page.locator(`button[data-date^="${localDate.slice(0, 7)}-"]`).count()) === 0; i++) {
    const shown = (await page.locator('button[data-date]').first().getAttribute('data-date'))!;
    await page.getByRole('button', { name: 'Next month' }).click();
    // The next month's days, not the loading line that stands in for them until they arrive.
    await expect(page.getByTestId('month-loading')).toHaveCount(0);
    await expect(page.locator('button[data-date]').first()).not.toHaveAttribute('data-date', shown);
  }
}

test('a manager closes a day with a reason, visitors see it closed, and the manager reopens it @once', async ({ page, browser, request }) => {
  // Two pages and two axe runs: slow on a busy machine.
  test.setTimeout(180_000);
  const mobile = test.info().project.name === 'mobile-375';
  const day = await openDayAhead(request, mobile ? 70 : 78);
  const reason = `Private event ${mobile ? 'M' : 'D'}`;
  await signedInAsStaff(page, mobile ? 'manager-5@staff.example' : 'manager-6@staff.example');
  await page.getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  await expect(page.getByText('Choose a day to close it, reopen it or change its capacities.')).toBeVisible();

  await showStaffMonthOf(page, day);
  await page.locator(`button[data-date="${day}"]`).click();
  await expect(page.getByTestId('day-state')).toHaveText('Open: tickets are on sale.');
  await page.getByLabel('Reason for closing (visitors read it)').fill(reason);
  await page.getByRole('button', { name: 'Close this day' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is closed' })).toContainText('0 bookings on this day stay valid; cancel them in Bookings.');
  await expect(page.getByTestId('day-state')).toHaveText(`Closed: ${reason}`);
  await expect(page.locator(`button[data-date="${day}"]`)).toHaveAttribute('data-closed', 'true');
  await expectNoAxeViolations(page);

  // A visitor's calendar: the day is closed, with the manager's reason.
  const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: page.viewportSize() ?? undefined, locale: 'en-US', timezoneId: 'America/New_York' });
  await agreeWithSiteClock(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.goto('/products');
  await chooseProduct(visitor, /^Main Deck/);
  await visitor.getByRole('button', { name: 'Add one Adult' }).click();
  await showMonthOf(visitor, day);
  const closed = visitor.locator(`button[data-date="${day}"]`);
  await expect(closed).toHaveAttribute('data-status', 'CLOSED');
  await expect(closed).toBeDisabled();
  await expect(closed).toHaveAttribute('aria-label', new RegExp(`Closed: ${reason}$`));
  await expect(visitor.getByRole('list', { name: 'Closed days' })).toContainText(`Closed: ${reason}`);
  await expectNoAxeViolations(visitor);

  // Reopened: on sale again.
  await page.getByRole('button', { name: 'Reopen this day' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'open again' })).toBeVisible();
  await expect(page.getByTestId('day-state')).toHaveText('Open: tickets are on sale.');
  // The visitor looks at the month again (another month and back: the calendar asks anew, except within
  // 2 s of its last answer for that month, SWR's deduplication; on a fast machine the manager reopens the
  // day sooner than that), until the day shows on sale.
  await expect(async () => {
    await visitor.getByRole('button', { name: 'Previous month' }).click();
    await visitor.getByRole('button', { name: 'Next month' }).click();
    await expect(visitor.locator(`button[data-date="${day}"]`)).toHaveAttribute('data-status', /AVAILABLE|LIMITED/, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(visitor.getByRole('list', { name: 'Closed days' })).toHaveCount(0);
  await visitorContext.close();
});
