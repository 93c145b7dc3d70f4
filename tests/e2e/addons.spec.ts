// Add-ons as a member, the gate and the booking desk meet them (issue #25 deliverable 3, decision 0050): a member adds a souvenir
// photo on the ticket page (its price beside the tickets), pays, finds it on the booking page; the gate scans
// the booking, sees the photo to hand out and marks it handed out, which then says who and when. The checkout
// step and the gate's verdict pass axe at 375, 800 and 1280 px.
import { agreeWithSiteClock, expect, test } from './fixed-clock';
import { chooseProduct, expectNoAxeViolations, payWith, signedInAsNewMember } from './support';
import { signedInAsStaff } from './staff-support';

const WIDTHS = [375, 800, 1280];

test('a ticket with a photo add-on, scanned at the gate, shows the add-on, which is marked handed out @once', async ({ page, browser }, testInfo) => {
  // A long walk: the ticket page at three widths, the checkout, the gate at three widths.
  test.setTimeout(240_000);
  await signedInAsNewMember(page, 'addons', null);
  await page.goto('/products');
  await chooseProduct(page, /^Main Deck/);
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  // Today (the gate admits today's visit), at the first time still on sale.
  await page.locator('button[data-status="AVAILABLE"]').first().click();
  await page.locator('button[aria-pressed]:not([disabled])').filter({ hasText: /\d{1,2}:\d{2} [AP]M/ }).first().click();

  const addons = page.getByRole('group', { name: 'Add-ons' });
  const photo = addons.locator('[data-addon="souvenir-photo"]');
  await expect(photo).toContainText('Souvenir photo');
  await expect(photo).toContainText('$15.00');
  await addons.getByRole('button', { name: 'Add one Souvenir photo' }).click();
  const summary = page.getByRole('complementary', { name: 'Your visit' });
  await expect(summary).toContainText('1 × Souvenir photo');
  // $44.00 for the adult, $15.00 for the photo.
  await expect(summary).toContainText('$59.00');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await addons.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`addons-checkout-${width}.png`) });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await summary.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('1 × Souvenir photo')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $59.00' })).toBeVisible();
  await payWith(page, '4242424242424242');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  const reference = (await page.locator('[class*="bigReference"]').textContent())!.trim();
  await page.goto(`/bookings/${reference}`);
  await expect(page.locator('[data-addon="souvenir-photo"]')).toContainText('1 × Souvenir photo');
  await expect(page.locator('[data-addon="souvenir-photo"]')).toContainText('$15.00');

  // The gate.
  const gateContext = await browser.newContext();
  await agreeWithSiteClock(gateContext);
  const gate = await gateContext.newPage();
  await signedInAsStaff(gate, 'gate-11@staff.example');
  const code = gate.getByLabel('Ticket code or reference');
  await code.fill(reference);
  await code.press('Enter');
  await expect(gate.locator('[data-verdict]')).toContainText('VALID');
  const line = gate.getByRole('region', { name: 'Add-ons' }).locator('[data-addon="souvenir-photo"]');
  await expect(line).toContainText('1 × Souvenir photo');
  for (const width of WIDTHS) {
    await gate.setViewportSize({ width, height: 900 });
    await gate.screenshot({ path: testInfo.outputPath(`addons-gate-${width}.png`), fullPage: true });
    await expectNoAxeViolations(gate);
  }
  await line.getByRole('button', { name: 'Mark handed out' }).click();
  await expect(line).toContainText(/Handed out by gate-11@staff\.example at \d{1,2}:\d{2} [AP]M/);
  await expect(line.getByRole('button')).toHaveCount(0);
  // Scanned again: still handed out, nothing to press.
  await code.fill(reference);
  await code.press('Enter');
  await expect(line).toContainText('Handed out by gate-11@staff.example');
  await gate.screenshot({ path: testInfo.outputPath('addons-gate-handed-out.png') });
  await expectNoAxeViolations(gate);

  // The staff booking desk lists it too, handed out by whom and when (decision 0050).
  await gate.getByRole('link', { name: 'Bookings' }).click();
  await gate.getByLabel('Reference, e-mail or name').fill(reference);
  await gate.getByRole('button', { name: 'Find' }).click();
  const deskLine = gate.getByTestId('booking-addons').locator('[data-addon="souvenir-photo"]');
  await expect(deskLine).toContainText(/1 × Souvenir photo · Handed out by gate-11@staff\.example on .+ at \d{1,2}:\d{2} [AP]M/);
  for (const width of WIDTHS) {
    await gate.setViewportSize({ width, height: 900 });
    await gate.screenshot({ path: testInfo.outputPath(`addons-desk-${width}.png`), fullPage: true });
  }
  await expectNoAxeViolations(gate);
  await gateContext.close();
});
