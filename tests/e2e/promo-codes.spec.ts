// A promo code as a manager and a member meet it (issue #25 deliverable 2, decision 0049): the manager creates
// a 25 % code on /staff/promos; a member types a wrong code and is told why, then the right one in lower case,
// and the checkout takes 25 % off each ticket and names the code; the manager's list counts the use.
import crypto from 'node:crypto';
import { agreeWithSiteClock, expect, test } from './fixed-clock';
import { chooseVisit, expectNoAxeViolations, payWith, signedInAsNewMember } from './support';
import { signedInAsStaff } from './staff-support';

test('a member books with a promo code a manager created, after a wrong code is refused with its reason @once', async ({ page, browser }, testInfo) => {
  const code = `SPRING-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  await signedInAsStaff(page, 'manager-9@staff.example');
  await page.goto('/staff/promos');
  await page.getByLabel('Promo code').fill(code);
  await page.getByLabel('Discount').selectOption('percent');
  await page.getByLabel('Percentage or amount').fill('25');
  await page.getByLabel('Uses in all').fill('100');
  await page.getByRole('button', { name: 'Create the code' }).click();
  await expect(page.getByText(`${code} was created.`)).toBeVisible();
  const row = page.locator(`tr[data-code="${code}"]`);
  await expect(row).toContainText('25 % off');
  await expect(row).toContainText('0 of 100');
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`staff-promos-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const memberContext = await browser.newContext();
  await agreeWithSiteClock(memberContext);
  const member = await memberContext.newPage();
  await signedInAsNewMember(member, 'promo', null);
  await chooseVisit(member, 2);
  const field = member.getByLabel('Promo code (optional)');
  await field.fill('NO-SUCH-CODE');
  const summary = member.getByRole('complementary', { name: 'Your visit' });
  await summary.getByRole('button', { name: 'Book' }).click();
  await expect(member.getByText('This promo code does not exist. Check the spelling and try again.')).toBeVisible();
  await expect(member).toHaveURL(/\/products$/);

  // Case does not matter; an Explorer pays list, so 25 % comes off both $44.00 tickets.
  await field.fill(code.toLowerCase());
  await member.screenshot({ path: testInfo.outputPath('promo-products.png') });
  await summary.getByRole('button', { name: 'Book' }).click();
  await expect(member).toHaveURL(/\/checkout$/);
  await expect(member.getByText(`Promo code ${code}`)).toBeVisible();
  await expect(member.getByText('−$22.00')).toBeVisible();
  await expectNoAxeViolations(member);
  await payWith(member, '4242424242424242');
  await expect(member.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  // The booking page names the code and what it took off.
  const reference = (await member.locator('[class*="bigReference"]').textContent())!;
  await member.goto(`/bookings/${reference}`);
  await expect(member.getByText(`Promo code ${code}`)).toBeVisible();
  await expect(member.getByText('−$22.00')).toBeVisible();

  await page.reload();
  await expect(page.locator(`tr[data-code="${code}"]`)).toContainText('1 of 100');
  await row.getByRole('button', { name: `Pause ${code}` }).click();
  await expect(row).toContainText('Paused');
  await memberContext.close();
});
