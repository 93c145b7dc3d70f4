// The gate as an attendant uses it (issue #27, deliverable 5) and the deck's count (deliverable 4), in
// Chromium: the verdict in sight without scrolling at 375, 800 and 1280 px with the camera off (no box);
// after one QR nobody else of the party is ticked; a manager's cancellation states the refund in their
// language before any money moves; the staff calendar never shows a month's days under another month's
// title; the exit counts people out; /staff/today shows the people on the deck, with a warning near the
// limit and an alarm at it; the reports show the occupancy by hour, with a CSV.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations } from './support';
import { paidOrder, signedInAsStaff } from './staff-support';

/** A gate or manager address of this test's own (the e2e server names 12 of each; these tests run at
 * 1280 px only, being @once or @own-viewport). */
const staffAddress = (role: 'gate' | 'manager', first: number) => `${role}-${first + test.info().parallelIndex}@staff.example`;

/** Screenshots to look at: the test's output folder, and GATE_SHOTS when set. */
async function shot(page: Page, name: string) {
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file });
  if (process.env.GATE_SHOTS) {
    fs.mkdirSync(process.env.GATE_SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(process.env.GATE_SHOTS, `${name}.png`));
  }
}

test('the verdict is in sight without scrolling at 375, 800 and 1280 px; the camera takes no space while off @own-viewport', async ({ page, baseURL }) => {
  const { order } = await paidOrder(baseURL!, 3);
  await signedInAsStaff(page, staffAddress('gate', 7));
  const sizes = [
    { width: 375, height: 812 },
    { width: 800, height: 600 },
    { width: 1280, height: 800 },
  ];
  for (const [i, size] of sizes.entries()) {
    await page.setViewportSize(size);
    await page.goto('/staff/gate');
    await expect(page.locator('video')).toBeHidden();
    expect(await page.locator('video').boundingBox()).toBeNull();
    const code = page.getByLabel('Ticket code or reference');
    await code.fill(order.tickets[i]!.code);
    await code.press('Enter');
    const verdict = page.locator('[data-verdict="VALID"]');
    await expect(verdict).toContainText(`Admit 1 · booking ${order.reference}`);
    // Wholly in the window, the page not scrolled.
    await expect(verdict).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await shot(page, `gate-${size.width}x${size.height}`);
  }
});

test('after one QR code, nobody else of the party is ticked; only the chosen are admitted @once', async ({ page, baseURL }) => {
  const { order } = await paidOrder(baseURL!, 3);
  await signedInAsStaff(page, staffAddress('gate', 9));
  const code = page.getByLabel('Ticket code or reference');
  // A hand-held scanner types the QR code's text and Enter.
  await code.fill(order.tickets[0]!.code);
  await code.press('Enter');
  await expect(page.locator('[data-verdict="VALID"]')).toContainText(`Admit 1 · booking ${order.reference}`);
  for (const ticket of order.tickets.slice(1)) await expect(page.getByRole('checkbox', { name: new RegExp(ticket.reference) })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Admit the chosen tickets (0)' })).toBeDisabled();
  await page.getByRole('checkbox', { name: new RegExp(order.tickets[1]!.reference) }).check();
  await page.getByRole('button', { name: 'Admit the chosen tickets (1)' }).click();
  await expect(page.locator('[data-verdict="VALID"]')).toContainText(`Admit 1 · booking ${order.reference}`);
  // The third was neither scanned nor chosen: still to admit.
  await code.fill(order.tickets[2]!.reference);
  await code.press('Enter');
  await expect(page.locator('[data-verdict="VALID"]')).toContainText(`Admit 1 · booking ${order.reference}`);
});

test('a manager’s cancellation states the refund in their language, and moves money only once confirmed @once', async ({ page, baseURL }) => {
  const { order } = await paidOrder(baseURL!, 2);
  await signedInAsStaff(page, staffAddress('manager', 10));
  await page.goto('/fr/staff/bookings');
  await page.getByLabel('Référence, e-mail ou nom').fill(order.reference);
  await page.getByRole('button', { name: 'Chercher' }).click();
  await expect(page.getByRole('heading', { name: `Réservation ${order.reference}` })).toBeVisible();
  await page.getByLabel('En rembourser une partie').check();
  await page.getByLabel('Montant à rembourser (USD)').fill('12,50');
  await page.getByRole('button', { name: 'Annuler la réservation' }).click();
  const confirmation = page.getByRole('alertdialog');
  await expect(confirmation).toContainText(`Annuler la réservation ${order.reference} et rembourser 12,50`);
  await expectNoAxeViolations(page);
  // Not yet: going back leaves the booking as it was.
  await page.getByRole('button', { name: 'Non, garder la réservation' }).click();
  await expect(confirmation).toBeHidden();
  await expect(page.getByTestId('booking-status')).toHaveText('Confirmée');
  await page.getByRole('button', { name: 'Annuler la réservation' }).click();
  await page.getByRole('button', { name: /^Oui, annuler et rembourser 12,50/ }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Annulée');
  await expect(page.getByRole('status').filter({ hasText: 'est annulée' })).toContainText('12,50');
});

test('the staff calendar never shows a month’s days under the next month’s title while that month loads @once', async ({ page }) => {
  await signedInAsStaff(page, staffAddress('manager', 11));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  // The next month's answer waits until the page has been looked at.
  await page.route(/\/api\/staff\/calendar\?month=2027-06/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/staff/calendar');
  await expect(page.locator('button[data-date^="2027-05-"]').first()).toBeVisible();
  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { name: 'June 2027' })).toBeVisible();
  await expect(page.getByTestId('month-loading')).toHaveText('Loading June 2027…');
  await expect(page.locator('button[data-date]')).toHaveCount(0);
  await expectNoAxeViolations(page);
  release();
  await expect(page.locator('button[data-date^="2027-06-"]').first()).toBeVisible();
  await expect(page.locator('button[data-date^="2027-05-"]')).toHaveCount(0);
});

test('the exit counts a visitor out by ticket, once, and says how many are on the deck @once', async ({ page, baseURL }) => {
  const { order } = await paidOrder(baseURL!, 1);
  await signedInAsStaff(page, staffAddress('gate', 11));
  const code = page.getByLabel('Ticket code or reference');
  await code.fill(order.tickets[0]!.code);
  await code.press('Enter');
  await expect(page.locator('[data-verdict="VALID"]')).toBeVisible();
  await page.getByRole('button', { name: 'Exit', exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/gate\?mode=exit$/);
  await code.fill(order.tickets[0]!.code);
  await code.press('Enter');
  await expect(page.locator('[data-exit="LEFT"]')).toContainText(`Ticket ${order.tickets[0]!.reference} has left the deck.`);
  await expect(page.locator('[data-exit="LEFT"]')).toContainText(/On the deck now: \d+ of 400\./);
  await code.fill(order.tickets[0]!.reference);
  await code.press('Enter');
  await expect(page.locator('[data-exit="NOT_INSIDE"]')).toContainText('Nobody was counted out.');
  await expectNoAxeViolations(page);
});

test('/staff/today shows the people on the deck against the limit, with a warning near it and an alarm at it @once', async ({ page }) => {
  await signedInAsStaff(page, staffAddress('gate', 1));
  const answer = (await (await page.request.get('/api/staff/today')).json()) as { occupancy: { inside: number; limit: number } };
  expect(answer.occupancy).toEqual({ inside: expect.any(Number), limit: 400 });
  await page.goto('/staff/today');
  const occupancy = page.getByTestId('occupancy');
  await expect(occupancy.getByRole('heading', { name: 'On the deck now' })).toBeVisible();
  await expect(occupancy).toContainText(/\d+ of 400 people/);
  await expectNoAxeViolations(page);
  // A busy moment: the server's answer with 372 and then 400 people inside (the count itself is the
  // integration test's, tests/integration/deck-occupancy.test.ts).
  let inside = 372;
  await page.route(/\/api\/staff\/today\?/, async (route) => {
    const real = (await (await route.fetch()).json()) as { occupancy: { inside: number; limit: number } };
    await route.fulfill({ json: { ...real, occupancy: { inside, limit: 400 } } });
  });
  await page.getByLabel('Date').fill('2027-05-13');
  await expect(occupancy).toContainText('372 of 400 people');
  await expect(occupancy.getByRole('status')).toHaveText('Near the limit: 93% of the 400 people allowed.');
  await expect(occupancy).toHaveAttribute('data-level', 'near');
  await shot(page, 'today-near');
  await expectNoAxeViolations(page);
  inside = 400;
  await page.getByLabel('Date').fill('2027-05-14');
  await expect(occupancy.getByRole('alert')).toHaveText('Limit reached: 400 people on the deck, 400 allowed. Hold the entrance until people leave.');
  await expect(occupancy).toHaveAttribute('data-level', 'full');
});

test('the reports show the occupancy by hour of a day, and its CSV @once', async ({ page, baseURL }) => {
  const { order } = await paidOrder(baseURL!, 1);
  await signedInAsStaff(page, staffAddress('manager', 10));
  const code = page.getByLabel('Ticket code or reference');
  await code.fill(order.tickets[0]!.code);
  await code.press('Enter');
  await expect(page.locator('[data-verdict="VALID"]')).toBeVisible();
  await page.goto('/staff/reports?from=2027-05-12&to=2027-05-12');
  await expect(page.getByRole('heading', { level: 2, name: 'Occupancy by hour' })).toBeVisible();
  // One day's hours are shown at once: the hour of this admission among them, with it counted.
  const table = page.getByRole('table', { name: 'Occupancy by hour, May 12, 2027 to May 12, 2027' });
  const hour = table.getByRole('row').filter({ hasText: '10:00 AM' });
  await expect(hour).toBeVisible();
  expect(Number(await hour.getByRole('cell').nth(2).textContent())).toBeGreaterThanOrEqual(1);
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Occupancy by hour' }).click()]);
  expect(download.suggestedFilename()).toBe('skypass-occupancy-by-hour-2027-05-12-to-2027-05-12.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('date,hour,entries,exits,peak_inside');
  expect(csv).toMatch(/\r\n2027-05-12,10,\d+,\d+,\d+/);
});
