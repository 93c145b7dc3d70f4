// Places kept for members as a Regular meets them on /products (decision 0041): a time whose general places a
// reseller sold shows "Kept for members" and can still be booked; an Explorer sees it sold out.
import { expect, test } from './fixed-clock';
import { chooseProduct, expectNoAxeViolations, OCTO, openDay, showMonthOf, signedInAsNewMember } from './support';
import { FIXED_NOW } from '../support/fixed-date';

test.describe.configure({ timeout: 150_000 });

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

test('a Regular sees the places kept for members where only they let them book; an Explorer sees the time sold out @own-viewport', async ({ page }, testInfo) => {
  // A reseller sells the 18 places of Express Main + Top Deck's first time anyone may book (2 of 20 are kept).
  // A retry takes a later day: the first try's reseller may have sold this one's places already.
  const day = await openDay(page.request, 'express-pass', 'express-main-top', (testInfo.project.name === 'mobile-375' ? 80 : 45) + 7 * testInfo.retry);
  const [slot] = (await (await page.request.post('/octo/availability', { headers: OCTO, data: { productId: 'express-pass', optionId: 'express-main-top', localDateStart: day, localDateEnd: day } })).json()) as { id: string; vacancies: number }[];
  expect(slot!.vacancies).toBe(18);
  for (const count of [6, 6, 6]) {
    const res = await page.request.post('/octo/bookings', {
      headers: OCTO,
      data: { productId: 'express-pass', optionId: 'express-main-top', availabilityId: slot!.id, unitItems: Array.from({ length: count }, () => ({ unitId: 'adult' })) },
    });
    expect(res.ok()).toBe(true);
  }

  // A member made Regular by two visits (two paid bookings admitted by the operator's gate call).
  await signedInAsNewMember(page, 'kept-regular', null);
  const start = new Date(FIXED_NOW.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(FIXED_NOW.getTime() + 40 * 86_400_000).toISOString().slice(0, 10);
  const days = (await (await page.request.post('/octo/availability/calendar', { headers: OCTO, data: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: start, localDateEnd: end } })).json()) as { localDate: string; available: boolean }[];
  for (const visit of days.filter((d) => d.available).slice(0, 2)) {
    const [first] = (await (await page.request.post('/octo/availability', { headers: OCTO, data: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: visit.localDate, localDateEnd: visit.localDate } })).json()) as { id: string }[];
    const started = await (await page.request.post('/api/auth/octo/bookings/payWithPayment', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: first!.id } })).json();
    const paid = await (await page.request.post('/api/payments/test/pay', { data: { sessionId: started.paymentSession.id, card: CARD } })).json();
    expect((await page.request.post('/api/ops/redeem', { headers: { Authorization: 'Bearer skypass-demo-ops-key' }, data: { reference: paid.order.reference } })).ok()).toBe(true);
  }
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Your ambassador tier' }).getByText('Regular', { exact: true })).toBeVisible({ timeout: 20_000 });

  const chooseTheTime = async () => {
    await page.goto('/products');
    await chooseProduct(page, /Express Pass/);
    await page.getByRole('radio', { name: 'Main + Top Deck', exact: true }).check();
    await page.getByRole('button', { name: 'Add one Adult' }).click();
    await showMonthOf(page, day);
    await page.locator(`button[data-date="${day}"]`).click();
  };
  await chooseTheTime();
  const time = page.getByRole('button', { name: /^9:00 AM/ });
  await expect(time).toContainText('2 left');
  await expect(time).toContainText('Kept for members');
  await expect(time).toBeEnabled();
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(time).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`kept-for-members-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }
  // An Explorer (a new member, signed in instead) sees the same time sold out, with the waitlist.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAsNewMember(page, 'kept-explorer', null);
  await chooseTheTime();
  await expect(time).toContainText('Sold out');
  await expect(time).not.toContainText('Kept for members');
  await expect(time).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Join the waitlist for 9:00/ })).toBeVisible();
});
