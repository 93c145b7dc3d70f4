// A manager's refund onto a new gift card in Chromium (decision 0052): on /staff/bookings the manager picks
// "Onto a new gift card for the booker", confirms the amount, and the booker gets the card's e-mail with its
// code; the booking's detail says the refund went as a gift card. The page passes axe with the choice shown.
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations } from './support';
import { bookingFoundByManager, paidOrder, workerManager } from './staff-support';

test('a manager cancels a booking and refunds it onto a new gift card for the booker @once', async ({ page, baseURL }) => {
  const { order, email } = await paidOrder(baseURL!, 2);
  await bookingFoundByManager(page, workerManager(1), order.reference);
  await page.getByLabel('Refund everything ($88.00)').check();
  const where = page.getByRole('group', { name: 'Where the refund goes' });
  await expect(where.getByLabel('Back to the card that paid')).toBeChecked();
  await where.getByLabel('Onto a new gift card for the booker').check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Cancel the booking' }).click();
  await expect(page.getByRole('alertdialog')).toHaveText(new RegExp(`^Cancel booking ${order.reference} and issue a gift card of \\$88\\.00 to the booker\\?`));
  await page.getByRole('button', { name: 'Yes, cancel and refund $88.00' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toContainText(`Booking ${order.reference} is cancelled; a gift card of $88.00 is on its way to the booker.`);
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(page.getByText('as a gift card')).toBeVisible();
  // The booker's e-mail brings the card's code, sent through the mail queue by its delivery job.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[]).find((m) => m.subject === 'Your Skyline Tower gift card')?.text ?? '')
    .toMatch(new RegExp(`holds the refund of your booking ${order.reference}[\\s\\S]*[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}`));
});
