// A member manages a booking: from "My bookings" to the booking's page, another time picked, the change
// checked and confirmed (a costlier one paid first), and the new tickets shown (and e-mailed, with the
// calendar file).
import type { Page } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { chooseVisit, expectNoAxeViolations, payWith, signedInAsNewMember } from './support';

// Each flow books and pays before it changes or cancels: a minute is too short on a loaded machine.
test.describe.configure({ timeout: 150_000 });

async function bookAndPay(page: Page) {
  await chooseVisit(page, 1);
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  return (await page.locator('[class*="bigReference"]').textContent())!;
}

test('a member changes the time of a booking and sees the new tickets @once', async ({ page }) => {
  const email = await signedInAsNewMember(page, 'changer', null);
  const reference = await bookAndPay(page);
  const oldTicket = (await page.locator('[class*="reference"]').filter({ hasText: /^TKT-/ }).first().textContent())!;

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My bookings' }).click();
  await page.getByRole('tabpanel', { name: 'My bookings' }).getByRole('link', { name: 'Manage this booking' }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings/${reference}$`));
  await expect(page).toHaveTitle(`Booking ${reference} | Skyline Ambassadors`);
  await expect(page.getByText(/^\S+ [\d/]+, 11:00 AM \(New York time\)$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add to calendar (.ics)' })).toHaveAttribute('href', `/api/bookings/calendar?booking=${reference}`);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Show the times' }).click();
  await page.getByRole('radio', { name: /^2:00 PM/ }).check();
  await page.getByRole('button', { name: 'Check the change' }).click();
  await expect(page.getByText('New total: $44.00')).toBeVisible();
  await expect(page.getByText('The total stays the same: nothing to pay, nothing to refund.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm the change' }).click();

  await expect(page.getByText(/^Your booking has changed\./)).toBeVisible();
  await expect(page.getByText(/^\S+ [\d/]+, 2:00 PM \(New York time\)$/)).toBeVisible();
  await expect(page.getByText(reference).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code of ticket TKT-/ })).toHaveCount(1);
  await expect(page.getByText(oldTicket)).toHaveCount(0);
  await expectNoAxeViolations(page);

  const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string; attachments: string[] }[];
  const changed = mails.find((m) => m.subject.startsWith('Your booking has changed'))!;
  expect(changed.text).toContain(reference);
  expect(changed.attachments).toContain(`${reference}.ics`);
  const ics = await (await page.request.get(`/api/bookings/calendar?booking=${reference}`)).text();
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain('SEQUENCE:1');
});

test('a member cancels a booking before the deadline and sees the full refund @once', async ({ page }) => {
  const email = await signedInAsNewMember(page, 'canceller', null);
  const reference = await bookAndPay(page);
  await page.goto(`/bookings/${reference}`);
  await expect(page.getByRole('heading', { name: 'Cancel this booking' })).toBeVisible();
  await expect(page.getByText(/^Free cancellation until .+ \(New York time\): you get everything back\.$/)).toBeVisible();
  await expect(page.getByText('If you cancel now, you get $44.00 back.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel this booking…' }).click();
  await expect(page.getByText(/^Cancel the booking\? \$44\.00 goes back/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, cancel the booking' }).click();

  await expect(page.getByText('Your booking is cancelled. We have sent you an e-mail with the refund.')).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('Refunded so far')).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code of ticket/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel this booking…' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[]).some((m) => m.text.includes(reference) && m.text.includes('$44.00')))
    .toBe(true);
});

test('a member changes to more tickets at another time, pays the difference and sees the new tickets', async ({ page }) => {
  const email = await signedInAsNewMember(page, 'upgrader', null);
  const reference = await bookAndPay(page);
  await page.goto(`/bookings/${reference}`);

  await page.getByLabel('Adult', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Show the times' }).click();
  await page.getByRole('radio', { name: /^2:00 PM/ }).check();
  await page.getByRole('button', { name: 'Check the change' }).click();
  await expect(page.getByText('New total: $88.00')).toBeVisible();
  await expect(page.getByText(/^You pay \$44\.00 more, the difference, by card\./)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm and pay the difference' }).click();

  // The new places are held while the member pays; the booking has not changed yet.
  await expect(page.getByRole('heading', { name: 'Pay the difference: $44.00' })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText(/\d+m \d+s/);
  await expect(page.getByText(/^\S+ [\d/]+, 11:00 AM \(New York time\)$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await payWith(page, '4242 4242 4242 4242');

  await expect(page.getByText(/^Your booking has changed\./)).toBeVisible();
  await expect(page.getByText(/^\S+ [\d/]+, 2:00 PM \(New York time\)$/)).toBeVisible();
  await expect(page.getByText('2 × Adult')).toBeVisible();
  await expect(page.getByText('$88.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code of ticket TKT-/ })).toHaveCount(2);
  await expect(page.getByRole('heading', { name: /^Pay the difference/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await expect
    .poll(async () =>
      ((await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[]).some(
        (m) => m.subject.startsWith('Your booking has changed') && m.text.includes('We have charged $44.00'),
      ),
    )
    .toBe(true);
});
