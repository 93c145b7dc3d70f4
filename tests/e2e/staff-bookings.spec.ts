// The office in Chromium: a manager finds a member's booking and cancels it with a full refund; the member
// is told by e-mail. The page passes axe.
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations } from './support';
import { paidOrder, signInAsStaff } from './staff-support';

test('a manager cancels a booking with a refund @once', async ({ page, baseURL }) => {
  const { order, email } = await paidOrder(baseURL!, 2);
  const manager = `manager-${1 + test.info().parallelIndex + (test.info().project.name === 'mobile-375' ? 0 : 2)}@staff.example`;
  await signInAsStaff(page, manager);
  await page.getByRole('link', { name: 'Bookings' }).click();
  await page.getByLabel('Reference, e-mail or name').fill(order.reference);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { name: `Booking ${order.reference}` })).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText('Confirmed');
  await expectNoAxeViolations(page);
  await page.getByLabel('Refund everything ($88.00)').check();
  await page.getByLabel('Reason').fill('Private event');
  await page.getByRole('button', { name: 'Cancel the booking' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toContainText(`Booking ${order.reference} is cancelled; $88.00 refunded.`);
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await expectNoAxeViolations(page);
  // The member's e-mail says so.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[]).map((m) => m.subject))
    .toContain(`Your booking ${order.reference} is cancelled`);
});
