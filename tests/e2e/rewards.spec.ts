// Rewards and guest passes as members meet them (issue #24, decision 0042): a member spends confirmed points
// on the free Top Deck upgrade chosen on the ticket page, and the checkout charges the lower option's price and names
// the reward; a Local Legend copies their guest pass link from the profile, a friend joins through it and
// books one free adult ticket, and the Local Legend's profile shows the pass used.
import type { APIRequestContext, Page } from '@playwright/test';
import { agreeWithSiteClock, expect, test } from './fixed-clock';
import { chooseProduct, expectNoAxeViolations, latestSignInLink, OCTO, signedInAsNewMember, uniqueEmail } from './support';
import { FIXED_NOW } from '../support/fixed-date';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

/** `count` paid one-adult bookings on as many days, each redeemed by the operator's gate call: that many
 * visits (the tier) and 100 confirmed points each. */
async function visits(request: APIRequestContext, count: number, fromDay: number) {
  const start = new Date(FIXED_NOW.getTime() + fromDay * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(FIXED_NOW.getTime() + (fromDay + 30) * 86_400_000).toISOString().slice(0, 10);
  const days = (await (await request.post('/octo/availability/calendar', { headers: OCTO, data: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: start, localDateEnd: end } })).json()) as { localDate: string; available: boolean }[];
  for (const day of days.filter((d) => d.available).slice(0, count).map((d) => d.localDate)) {
    const [slot] = (await (await request.post('/octo/availability', { headers: OCTO, data: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day } })).json()) as { id: string }[];
    const started = await (await request.post('/api/auth/octo/bookings/payWithPayment', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot!.id } })).json();
    const paid = await (await request.post('/api/payments/test/pay', { data: { sessionId: started.paymentSession.id, card: CARD } })).json();
    const redeemed = await request.post('/api/ops/redeem', { headers: { Authorization: 'Bearer skypass-demo-ops-key' }, data: { reference: paid.order.reference } });
    expect(redeemed.ok()).toBe(true);
  }
}

/** On /products: the first open day next month and its first time still on sale. */
async function chooseDayAndTime(page: Page) {
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.locator('button[data-status="AVAILABLE"]').first().click();
  await page.getByRole('button', { name: /^\d{1,2}:\d{2} [AP]M/ }).first().click();
}

test('a member spends 300 points on the free Top Deck upgrade chosen on the ticket page @own-viewport', async ({ page }, testInfo) => {
  test.slow(); // three paid and redeemed visits first, then the page at three widths
  await signedInAsNewMember(page, 'upgrade', null);
  await visits(page.request, 3, 20);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Your points' }).getByText('300 points', { exact: true })).toBeVisible({ timeout: 20_000 });

  await page.goto('/products');
  await chooseProduct(page, /^Express Pass/);
  await page.getByRole('radio', { name: 'Main + Top Deck', exact: true }).check();
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await chooseDayAndTime(page);
  const rewards = page.getByRole('group', { name: 'Rewards' });
  await expect(rewards.getByText('You have 300 confirmed points to spend.')).toBeVisible();
  // Three visits made them Regular (10 % off): the upgrade makes the $103.50 ticket cost the lower option's $76.50.
  await rewards.getByRole('radio', { name: 'Free upgrade to the Top Deck for 300 points (−$27.00)' }).check();
  const summary = page.getByRole('complementary', { name: 'Your visit' });
  await expect(summary.getByText('Reward: Free upgrade to the Top Deck')).toBeVisible();
  await expect(summary.getByText('Regular price $76.50')).toBeVisible();
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await rewards.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`reward-products-${width}.png`) });
    await expectNoAxeViolations(page);
  }

  await summary.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Reward: Free upgrade to the Top Deck')).toBeVisible();
  await page.getByLabel('Card number').fill(CARD.number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay $76.50' }).click();
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  await expect(page.getByText('−$27.00')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Your points' }).getByText('0 points', { exact: true })).toBeVisible();
});

test('a Local Legend’s guest pass brings a friend, who books one free adult ticket @own-viewport', async ({ page, browser, baseURL }, testInfo) => {
  test.slow(); // five paid and redeemed visits, a sign-up through the e-mailed link, pages at three widths
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInAsNewMember(page, 'legend', null);
  await visits(page.request, 5, 20);
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Your ambassador tier' }).getByText('Local Legend', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.reload();
  const passes = page.getByRole('region', { name: 'Bring a friend' });
  await expect(passes.getByText('Guest pass ready to share')).toBeVisible();
  await passes.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{22}$/);
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await passes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`guest-passes-profile-${width}.png`) });
    await expectNoAxeViolations(page);
  }

  // The Local Legend's own link is refused to them.
  await page.goto(link);
  await expect(page.getByText('This is your own guest pass: share the link with a friend who is not a member yet.')).toBeVisible();

  const friendContext = await browser.newContext({ baseURL });
  await agreeWithSiteClock(friendContext);
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByRole('heading', { name: 'You are invited to Skyline Ambassadors' })).toBeVisible();
  await expect(friend.getByText('Rita invites you to the observation deck with a guest pass.')).toBeVisible();
  for (const width of [375, 800, 1280]) {
    await friend.setViewportSize({ width, height: 900 });
    await friend.screenshot({ path: testInfo.outputPath(`join-${width}.png`), fullPage: true });
    await expectNoAxeViolations(friend);
  }
  await friend.getByRole('button', { name: 'Join and book my free ticket' }).click();
  const email = uniqueEmail('friend');
  await friend.getByLabel('E-mail address').fill(email);
  await friend.getByRole('button', { name: 'Continue' }).click();
  await expect(friend).toHaveURL(/\/signup/);
  await friend.getByLabel('First name').fill('Noor');
  await friend.getByLabel('Last name').fill('Haddad');
  await friend.getByLabel('Phone number').fill('+1 646 555 0177');
  await friend.getByLabel('Country or region').selectOption('US');
  await friend.getByRole('button', { name: 'Join and send my sign-in link' }).click();
  await expect(friend).toHaveURL(/\/verifyRequest$/);
  await friend.goto(await latestSignInLink(friend.request, email));
  await expect(friend).toHaveURL(/\/products$/);

  await chooseProduct(friend, /^Main Deck/);
  await friend.getByRole('button', { name: 'Add one Adult' }).click();
  await chooseDayAndTime(friend);
  await friend.getByRole('group', { name: 'Rewards' }).getByRole('radio', { name: 'My guest pass: one free adult ticket (−$44.00)' }).check();
  const summary = friend.getByRole('complementary', { name: 'Your visit' });
  await expect(summary.getByText('Guest pass: free adult ticket')).toBeVisible();
  await expect(summary.getByText('$0.00')).toBeVisible();
  await summary.getByRole('button', { name: 'Book' }).click();
  // Nothing to pay: the booking is confirmed at once.
  await expect(friend.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  await expect(friend.getByText('Guest pass: free adult ticket')).toBeVisible();
  await expect(friend.getByText('−$44.00')).toBeVisible();
  await expectNoAxeViolations(friend);
  await friendContext.close();

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Bring a friend' }).getByText('Used by Noor')).toBeVisible();
});
