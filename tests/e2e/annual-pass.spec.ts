// The annual pass (issue #25 deliverable 4, decision 0051): "an annual pass bought and used to book a
// zero-price visit". A member buys the pass on /products with the test card, books a Main Deck visit "with
// my annual pass" at $0.00 (no payment form), and sees the pass with its end date and the visit on the
// profile; a second visit while that one is to come is refused with its reason; the member desk shows the
// pass. The offer, the step, the profile and the desk pass axe at 375, 800 and 1280 px (the desk at 375, 1280).
import { expect, test } from './fixed-clock';
import { chooseVisit, expectNoAxeViolations, payWith, signedInAsNewMember } from './support';
import { signedInAsStaff } from './staff-support';

test.describe.configure({ timeout: 150_000 });

test('an annual pass bought and used to book a zero-price visit @own-viewport', async ({ page }, testInfo) => {
  const email = await signedInAsNewMember(page, 'pass-holder', '/products');
  const offer = page.getByRole('region', { name: 'Annual pass' });
  await expect(offer.getByText('$129.00 for a year')).toBeVisible();
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await offer.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`annual-pass-offer-${width}.png`) });
    await expectNoAxeViolations(page);
  }
  await expect(offer.getByRole('radio', { name: 'For me' })).toBeChecked();
  await offer.getByRole('button', { name: 'Buy the annual pass, $129.00' }).click();
  await expect(offer.getByRole('heading', { name: 'Pay $129.00' })).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  // FIXED_NOW is 12 May 2027: 365 days, both ends counted.
  await expect(offer.getByText('Your annual pass is active until May 10, 2028.')).toBeVisible();

  // A Main Deck visit for one adult, with the pass: $0.00, confirmed without a payment form.
  await chooseVisit(page, 1);
  const use = page.getByRole('checkbox', { name: 'Book this visit with my annual pass (no charge)' });
  await use.check();
  const summary = page.getByRole('complementary', { name: 'Your visit' });
  await expect(summary.getByText('$0.00')).toBeVisible();
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await use.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`annual-pass-step-${width}.png`) });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await summary.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();

  // The profile: the pass, its end date and the visit booked with it.
  await page.goto('/profile');
  const pass = page.getByRole('region', { name: 'Annual pass' });
  await expect(pass.getByText('Active')).toBeVisible();
  await expect(pass.getByText('May 10, 2028')).toBeVisible();
  await expect(pass.getByText('You can renew it from Apr 10, 2028.')).toBeVisible();
  await expect(pass.getByRole('link', { name: /11:00 AM/ })).toBeVisible();
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await pass.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`annual-pass-profile-${width}.png`) });
    await expectNoAxeViolations(page);
  }

  // A second visit while that one is to come: refused, with the reason.
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseVisit(page, 1);
  await page.getByRole('checkbox', { name: 'Book this visit with my annual pass (no charge)' }).check();
  await page.getByRole('complementary', { name: 'Your visit' }).getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText('You already have an upcoming visit booked with your annual pass.', { exact: false })).toBeVisible();

  // The member desk shows the member's pass.
  await signedInAsStaff(page, 'manager-12@staff.example');
  await page.goto(`/staff/members?q=${encodeURIComponent(email)}`);
  const desk = page.getByRole('region', { name: 'Annual pass' });
  await expect(desk.getByText('Active')).toBeVisible();
  await expect(desk.getByText('May 12, 2027 to May 10, 2028')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await desk.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`annual-pass-desk-${width}.png`) });
    await expectNoAxeViolations(page);
  }
});
