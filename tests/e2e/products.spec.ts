// Choosing tickets as a visitor does: product, option, quantities, a day on the calendar and a time.
import { expect, test } from './fixed-clock';
import { chooseProduct, expectNoAxeViolations, joinThroughApi, latestSignInLink, OCTO, openDay, showMonthOf, uniqueEmail } from './support';

test('a visitor chooses a product, an option, tickets, a day and a time', async ({ page, request }) => {
  const day = await openDay(request, 'express-pass', 'express-main-top', 3);
  await page.goto('/products');
  await expect(page).toHaveTitle('Tickets | Skyline Ambassadors');
  await chooseProduct(page, /Express Pass/);

  // Several options: the first is chosen; another clears the quantities.
  await expect(page.getByRole('radio', { name: 'Main Deck', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await expect(page.getByRole('group', { name: /Adult/ }).locator('output')).toHaveText('1');
  await page.getByRole('radio', { name: 'Main + Top Deck', exact: true }).check();
  await expect(page.getByRole('group', { name: /Adult/ }).locator('output')).toHaveText('0');

  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByRole('button', { name: 'Add one Child' }).click();
  await page.getByRole('button', { name: 'Remove one Child' }).click();
  await showMonthOf(page, day);
  await page.locator(`button[data-date="${day}"]`).click();
  await page.getByRole('button', { name: /^9:00 AM/ }).click();

  const summary = page.getByRole('complementary', { name: 'Your visit' });
  await expect(summary).toContainText('2 × Adult');
  await expect(summary).toContainText('$230.00');
  await expect(summary).toContainText('9:00 AM');
  await expectNoAxeViolations(page);

  // The choice survives a reload.
  await page.reload();
  await expect(page.getByRole('group', { name: /Adult/ }).locator('output')).toHaveText('2');
  await expect(page.getByRole('button', { name: /^9:00 AM/ })).toHaveAttribute('aria-pressed', 'true');
});

test('the ticket page tells what is still to choose, each in turn: product, option, quantity, day, time', async ({ page, request }) => {
  const day = await openDay(request, 'express-pass', 'express-main', 3);
  const summary = page.getByRole('complementary', { name: 'Your visit' });
  const timeStep = page.getByRole('group', { name: /Choose a time/ });
  await page.goto('/products');
  await expect(summary).toContainText('Please select a product');

  // A choice saved on an earlier visit whose option is no longer sold: the product stays, the option is asked.
  await page.evaluate(() =>
    localStorage.setItem('skypass.selection', JSON.stringify({ state: { productId: 'express-pass', optionId: 'express-retired', quantities: {} }, version: 1 })),
  );
  await page.reload();
  await expect(summary).toContainText('Please select an option');
  await expect(summary).not.toContainText('Please select a product');
  await expect(page.getByRole('radio', { name: 'Main Deck', exact: true })).not.toBeChecked();

  await page.getByRole('radio', { name: 'Main Deck', exact: true }).check();
  await expect(summary).toContainText('Please select a quantity');
  await expect(timeStep).toContainText('Please select a quantity');

  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await expect(summary).toContainText('Please select a date');
  await expect(timeStep).toContainText('Please select a date');

  await showMonthOf(page, day);
  await page.locator(`button[data-date="${day}"]`).click();
  await expect(summary).toContainText('Please select a time');
  await timeStep.getByRole('button', { name: /^9:00 AM/ }).click();
  await expect(summary).toContainText('9:00 AM');
  await expect(summary).not.toContainText('Please select');
});

test('closed and sold-out days are shown on the calendar @once', async ({ page, request }) => {
  const day = await openDay(request, 'sunrise', 'sunrise-weekend', 14);
  // Another reseller sells the nine sunrise places of that day anyone may book (the tenth is kept for members, decision 0041).
  const slots = await request.post('/octo/availability', {
    headers: OCTO,
    data: { productId: 'sunrise', optionId: 'sunrise-weekend', localDateStart: day, localDateEnd: day },
  });
  const [slot] = (await slots.json()) as { id: string }[];
  for (const count of [4, 4, 1]) {
    const res = await request.post('/octo/bookings', {
      headers: OCTO,
      data: { productId: 'sunrise', optionId: 'sunrise-weekend', availabilityId: slot!.id, unitItems: Array.from({ length: count }, () => ({ unitId: 'adult' })) },
    });
    expect(res.ok()).toBe(true);
  }

  await page.goto('/products');
  await chooseProduct(page, /Sunrise Experience/);
  // One option: chosen without asking.
  await expect(page.getByText('Choose an option')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await showMonthOf(page, day);
  const soldOut = page.locator(`button[data-date="${day}"]`);
  await expect(soldOut).toHaveAttribute('data-status', 'SOLD_OUT');
  // A sold-out day opens to show its times, each with the waitlist (tests/e2e/waitlist.spec.ts).
  await expect(soldOut).toBeEnabled();
  await expect(soldOut).toHaveAttribute('aria-label', /sold out$/);
  const monday = page.locator('button[data-status="CLOSED"]').first();
  await expect(monday).toBeDisabled();
  await expect(monday).toHaveAttribute('aria-label', /closed$/);
  await expectNoAxeViolations(page);
});

test('an anonymous visitor who books is sent to sign in, and finds the selection on return', async ({ page, request }) => {
  const day = await openDay(request, 'main-deck', 'main-deck-day', 5);
  const email = uniqueEmail('booker');
  await joinThroughApi(request, email);

  await page.goto('/products');
  await chooseProduct(page, /^Main Deck/);
  await page.getByRole('button', { name: 'Add one Senior' }).click();
  await showMonthOf(page, day);
  await page.locator(`button[data-date="${day}"]`).click();
  await page.getByRole('button', { name: /^10:30 AM/ }).click();
  await page.getByRole('button', { name: 'Book' }).click();

  await expect(page.getByText('You must be logged in to book')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fproducts$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verifyRequest$/);
  await page.goto(await latestSignInLink(request, email));

  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('group', { name: /Senior/ }).locator('output')).toHaveText('1');
  await expect(page.getByRole('button', { name: /^10:30 AM/ })).toHaveAttribute('aria-pressed', 'true');
});
