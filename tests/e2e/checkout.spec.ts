// Booking and paying as a member does: Book, the checkout with its countdown, a card, the tickets.
import { expect, test } from './fixed-clock';
import { chooseVisit, expectNoAxeViolations, payWith, signedInAsNewMember } from './support';

test('a member books, pays with 4242, gets the tickets by e-mail and sees the booking in the profile', async ({ page }) => {
  const email = await signedInAsNewMember(page, 'payer', null);
  await chooseVisit(page, 2);
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page.getByText('Redirecting to checkout')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page).toHaveTitle('Checkout | Skyline Ambassadors');
  await expect(page.getByRole('timer')).toContainText(/^Time left to pay(\d+m )?\d+s/);
  await expect(page.getByText('$88.00').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // A reload fetches the session again by booking id.
  await page.reload();
  await expect(page.getByLabel('Card number')).toBeVisible();

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  const reference = (await page.locator('[class*="bigReference"]').textContent())!;
  expect(reference).toMatch(/^SKY-[0-9A-Z]{6}$/);
  await expect(page.getByRole('img', { name: /^QR code of ticket TKT-/ })).toHaveCount(2);
  await expectNoAxeViolations(page);

  const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string; attachments: string[] }[];
  const tickets = mails.find((m) => m.subject.startsWith('Your tickets for Main Deck'))!;
  expect(tickets.text).toContain(reference);
  // Two QR codes and the calendar file.
  expect(tickets.attachments).toHaveLength(3);
  expect(tickets.attachments).toContain(`${reference}.ics`);

  await page.getByRole('link', { name: 'See my bookings' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('tab', { name: 'My bookings' }).click();
  const booking = page.getByRole('tabpanel', { name: 'My bookings' });
  await expect(booking).toContainText(reference);
  await expect(booking).toContainText('Confirmed');
  await expectNoAxeViolations(page);
});

test('a declined card leaves the hold in place, and a good card then pays @once', async ({ page }) => {
  await signedInAsNewMember(page, 'declined', null);
  await chooseVisit(page, 1);
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await payWith(page, '4000 0000 0000 9995');
  await expect(page.getByRole('alert').filter({ hasText: 'insufficient funds' })).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
});

test('when the time to pay runs out, the member is told and the session is reset @once', async ({ page }) => {
  // The page's clock is installed by the fixture (fixed-clock.ts), on the site's time: fast-forwarding it
  // moves this browser only.
  await signedInAsNewMember(page, 'late', null);
  await chooseVisit(page, 1);
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('timer')).toBeVisible();
  // The hold lasts 30 minutes; the countdown ends 5 minutes before.
  await page.clock.fastForward('25:01');
  await expect(page.getByRole('heading', { name: 'Your time to pay has run out' })).toBeVisible();
  await expect(page.getByText('Your hold ran out. Please choose your visit again.')).toBeVisible();
  await expectNoAxeViolations(page);
});
