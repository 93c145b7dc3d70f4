// The office in Chromium: a manager finds a member's booking and cancels it with a full refund; the member
// is told by e-mail. A booking whose ticket was used at the gate can be cancelled too, the console saying
// its refund is the policy's, and its ticket then reads CANCELLED. The page passes axe.
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations } from './support';
import { bookingFoundByManager, paidOrder, signedInAsStaff, workerManager } from './staff-support';

test('a manager cancels a booking with a refund @once', async ({ page, baseURL }) => {
  const { order, email } = await paidOrder(baseURL!, 2);
  await bookingFoundByManager(page, workerManager(1), order.reference);
  await expect(page.getByTestId('booking-status')).toHaveText('Confirmed');
  await expectNoAxeViolations(page);
  await page.getByLabel('Refund everything ($88.00)').check();
  await page.getByLabel('Reason').fill('Private event');
  await page.getByRole('button', { name: 'Cancel the booking' }).click();
  // Nothing moves before the manager confirms the amount.
  await expect(page.getByRole('alertdialog')).toHaveText(new RegExp(`^Cancel booking ${order.reference} and refund \\$88\\.00\\?`));
  await expect(page.getByTestId('booking-status')).toHaveText('Confirmed');
  await page.getByRole('button', { name: 'Yes, cancel and refund $88.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toContainText(`Booking ${order.reference} is cancelled; $88.00 refunded.`);
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await expectNoAxeViolations(page);
  // The member's e-mail says so.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[]).map((m) => m.subject))
    .toContain(`Your booking ${order.reference} is cancelled`);
});

test('a manager cancels a booking whose ticket was used at the gate: the console says the policy decides the refund, and the ticket then reads CANCELLED @once', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const { order } = await paidOrder(baseURL!, 1);
  await signedInAsStaff(page, workerManager(5));
  const code = page.getByLabel('Ticket code or reference');
  await code.fill(order.tickets[0]!.reference);
  await code.press('Enter');
  await expect(page.locator('[data-verdict]')).toContainText('VALID');
  await page.getByRole('link', { name: 'Bookings' }).click();
  await page.getByLabel('Reference, e-mail or name').fill(order.reference);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Used at the gate');
  await expect(page.getByTestId('admitted-refund')).toHaveText(/was used at the gate: it gets back exactly what its cancellation policy gives now/);
  await expectNoAxeViolations(page);
  await page.getByLabel('Refund everything ($44.00)').check();
  await page.getByRole('button', { name: 'Cancel the booking' }).click();
  // What comes back is the policy's at this moment: all of it more than 24 hours ahead, else half; the
  // confirmation states that amount, not the one picked.
  await page.getByRole('button', { name: /^Yes, cancel and refund \$(44|22)\.00$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toHaveText(new RegExp(`Booking ${order.reference} is cancelled; \\$(44|22)\\.00 refunded\\.`));
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await page.getByRole('link', { name: 'Gate' }).click();
  await code.fill(order.tickets[0]!.reference);
  await code.press('Enter');
  await expect(page.locator('[data-verdict]')).toContainText('CANCELLED');
});
