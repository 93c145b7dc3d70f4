// The waitlist as a member meets it: a sold-out time on the calendar, "Join the waitlist", the place in
// line in the profile; another visitor's booking is cancelled, the e-mail's link leads to checkout, and
// the member pays for the places held for them.
import { expect, test } from './fixed-clock';
import { chooseProduct, expectNoAxeViolations, OCTO, openDay, payWith, showMonthOf, signedInAsNewMember } from './support';

test.describe.configure({ timeout: 150_000 });

test('a member joins the waitlist of a sold-out time; a booking is cancelled and the e-mailed link leads to checkout', async ({ page, request }, testInfo) => {
  // A reseller sells the nine sunrise places of a day anyone may book (the tenth is kept for members, decision
  // 0041), in bookings of 4, 4 and 1 (each width a day of its own).
  const day = await openDay(request, 'sunrise', 'sunrise-weekend', testInfo.project.name === 'mobile-375' ? 70 : 40);
  const slots = await request.post('/octo/availability', { headers: OCTO, data: { productId: 'sunrise', optionId: 'sunrise-weekend', localDateStart: day, localDateEnd: day } });
  const [slot] = (await slots.json()) as { id: string }[];
  const sold: string[] = [];
  for (const count of [4, 4, 1]) {
    const hold = await request.post('/octo/bookings', {
      headers: OCTO,
      data: { productId: 'sunrise', optionId: 'sunrise-weekend', availabilityId: slot!.id, unitItems: Array.from({ length: count }, () => ({ unitId: 'adult' })) },
    });
    const { uuid } = (await hold.json()) as { uuid: string };
    expect((await request.post(`/octo/bookings/${uuid}/confirm`, { headers: OCTO, data: { contact: { fullName: 'Partner Guest' } } })).ok()).toBe(true);
    sold.push(uuid);
  }

  const email = await signedInAsNewMember(page, 'waiter', null);
  await page.goto('/products');
  await chooseProduct(page, /Sunrise Experience/);
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await showMonthOf(page, day);
  await page.locator(`button[data-date="${day}"]`).click();
  await expect(page.getByText('Sold out', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Join the waitlist for 6:30/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You are number 1 in line for 6:30 AM' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My bookings' }).click();
  const tab = page.getByRole('tabpanel', { name: 'My bookings' });
  await expect(tab.getByRole('heading', { name: 'Your waitlists' })).toBeVisible();
  await expect(tab).toContainText('Number 1 in line');
  await expect(tab).toContainText('Tickets: 2');
  await expectNoAxeViolations(page);

  // The partner cancels a booking of four: two places are held for the member, who gets the e-mail.
  expect((await request.post(`/octo/bookings/${sold[1]}/cancel`, { headers: OCTO, data: { reason: 'Guest cannot come' } })).ok()).toBe(true);
  let offer: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];
        offer = mails.find((m) => m.subject.startsWith('Places are free for you'));
        return Boolean(offer);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const link = /http:\/\/localhost:\d+\/checkout\?uuid=[\w-]+/.exec(offer!.text)![0];
  expect(offer!.text).toContain('2 × Adult');

  await page.goto(link);
  await expect(page.getByRole('timer')).toContainText(/^Time left to pay/);
  await expect(page.getByText('Sunrise Experience').first()).toBeVisible();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code of ticket TKT-/ })).toHaveCount(2);
});
