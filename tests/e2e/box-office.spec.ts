// The box office (issue #27 deliverable 2, decision 0053): a box-office user opens the till, sells a walk-up
// visitor two adult tickets for today with the keyboard and taps (product, quantities, slot, cash), reads the
// change and the tickets' QR codes on screen, refunds the booking at the counter (the confirmation states the
// amount), and closes the till balanced. The page passes axe at 375 and 1280 px. Gate staff have no Sell.
import { expect, test } from './fixed-clock';
import { signedInAsStaff } from './staff-support';
import { expectNoAxeViolations } from './support';

test.describe.configure({ timeout: 150_000 });

test('a box-office sale from tap to QR @own-viewport', async ({ page }) => {
  await signedInAsStaff(page, 'boxoffice-1@staff.example');
  await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Sell' }).click();
  await expect(page).toHaveURL(/\/staff\/sell$/);
  await expect(page).toHaveTitle('Box office | Skyline Ambassadors');
  await expect(page.getByText('(box office)')).toBeVisible();

  // The till, opened with a float of 200.00 (Enter submits).
  await page.getByLabel('Float counted in').fill('200');
  await page.getByLabel('Float counted in').press('Enter');
  await expect(page.getByTestId('till-expected')).toHaveText('$200.00');

  // Product and quantities by taps; the slot of today with its live availability.
  await page.getByRole('button', { name: 'Main Deck', exact: true }).click();
  await page.getByRole('button', { name: 'One Adult more' }).click();
  // The keyboard reaches the same button: focus it and press Enter.
  await page.getByRole('button', { name: 'One Adult more' }).press('Enter');
  await expect(page.getByTestId('count-adult')).toHaveText('2');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page);
  }
  const slots = page.getByRole('group', { name: '4. Time' }).getByRole('button', { name: /Places left/ });
  await slots.first().click();
  await expect(slots.first()).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Cash handed over').fill('100');
  await expect(page.getByTestId('change-preview')).toHaveText('Change to give: $12.00');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Take $88.00 in cash and sell' }).click();

  // The tickets' QR codes on screen, one per ticket, and the change.
  const heading = page.getByRole('heading', { name: /^Sold: booking / });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('ticket-qr')).toHaveCount(2);
  await expect(page.getByTestId('change')).toHaveText('Change to give: $12.00 (handed over $100.00, total $88.00)');
  await expect(page.getByTestId('till-expected')).toHaveText('$288.00');
  await expectNoAxeViolations(page);
  const reference = ((await heading.textContent()) ?? '').replace('Sold: booking ', '').trim();
  expect(reference).toMatch(/^[A-Z0-9-]{4,}$/);

  // Refunded at the counter: the amount is stated before and after; the cash leaves the till.
  await page.getByLabel('Booking reference').fill(reference.toLowerCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Tickets: 2 · total $88.00 · paid in cash · confirmed')).toBeVisible();
  await page.getByRole('button', { name: 'Refund $88.00' }).click();
  await expect(page.getByText('Give $88.00 back in cash and cancel the booking? Its places go back on sale.')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, refund $88.00' }).click();
  await expect(page.getByTestId('refund-done')).toHaveText(`Refunded $88.00 in cash; booking ${reference} is cancelled.`);
  await expect(page.getByTestId('till-expected')).toHaveText('$200.00');

  // Closed with the float counted out: balanced.
  await page.getByLabel('Cash counted out').fill('200.00');
  await page.getByRole('button', { name: 'Close the till' }).click();
  await expect(page.getByTestId('till-closed')).toHaveText('Till closed. Expected $200.00, counted $200.00: difference $0.00.');
});

test('gate staff have no Sell, and the page tells them it is not theirs', async ({ page }) => {
  await signedInAsStaff(page, 'gate-11@staff.example');
  await expect(page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Sell' })).toHaveCount(0);
  const response = await page.goto('/staff/sell');
  expect(response?.status()).toBe(403);
  await expect(page.getByText('This page is for the box office and managers only.')).toBeVisible();
});
