// The accessibility statement (docs/product.md#accessibility-statement): reached from the footer of every
// page, it lists the WCAG 2.2 AA criteria with how each is met and checked, the known barriers, and the
// attraction's contact for reporting one; in the reader's language, and axe-clean at 375 and 1280 px.
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations } from './support';

test('the statement is linked from the footer and says what is met, what is not, and whom to tell @own-viewport', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page).toHaveTitle('Accessibility statement | Skyline Ambassadors');
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  await expect(page.getByText('WCAG) 2.2 at level AA')).toBeVisible();

  // Each criterion: its number and name, its level and status, how it is met and how that was checked.
  const keyboard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '2.1.1 Keyboard' }) });
  await expect(keyboard).toContainText('Level A · Meets');
  await expect(keyboard).toContainText('Checked by: a keyboard-only browser test');
  const timing = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '2.2.1 Timing adjustable' }) });
  await expect(timing).toContainText('Partly meets');
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(17);

  // The known barriers, the staff console's among them.
  const gaps = page.getByRole('heading', { name: 'What does not meet the guidelines yet' });
  await expect(gaps).toBeVisible();
  await expect(page.getByText(/the camera scanner at the gate/)).toBeVisible();
  await expect(page.getByText(/the charts on the reports are pictures/)).toBeVisible();

  // Whom to tell: the attraction's own contact page and its postal address (config/attraction.json).
  await expect(page.getByRole('link', { name: 'Contact Skyline Tower' })).toHaveAttribute('href', 'https://www.skyline-tower.example/contact');
  await expect(page.getByText('By post: 350 Skyline Avenue, New York, NY 10001, USA')).toBeVisible();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
});

test("the statement reads in the visitor's language", async ({ page }) => {
  await page.goto('/ja/accessibility');
  await expect(page.getByRole('heading', { level: 1, name: 'アクセシビリティ方針' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '2.1.1 キーボード' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skyline Towerへのお問い合わせ' })).toBeVisible();
  await page.goto('/de/accessibility');
  await expect(page.getByRole('heading', { name: 'Eine Barriere melden' })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Barrierefreiheit' })).toBeVisible();
});
