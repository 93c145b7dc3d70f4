// Back from /checkout to /products: Book follows the member's latest choice, and never opens a second
// hold for the same one (docs/product.md#states).
import type { Page } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { chooseVisit, signedInAsNewMember } from './support';

const bookingId = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('skypass.payment') ?? '{}').state?.bookingId as string | undefined);

test('a member back on /products after the checkout changes the quantity and books the new choice @once', async ({ page }) => {
  await signedInAsNewMember(page, 'again', null);
  await chooseVisit(page, 2);
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('$88.00').first()).toBeVisible();
  const first = await bookingId(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  // A new quantity asks for the time again (the places left may differ).
  await page.getByRole('button', { name: /^11:00 AM/ }).click();
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('$132.00').first()).toBeVisible();
  expect(await bookingId(page)).not.toBe(first);
});

test('after a full reload of /products, Book on the same choice returns to the same booking @once', async ({ page }) => {
  await signedInAsNewMember(page, 'reload', null);
  await chooseVisit(page, 2);
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('$88.00').first()).toBeVisible();
  const first = await bookingId(page);
  expect(first).toBeTruthy();

  await page.goto('/products');
  await expect(page.getByRole('button', { name: /^11:00 AM/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('$88.00').first()).toBeVisible();
  expect(await bookingId(page)).toBe(first);
});
