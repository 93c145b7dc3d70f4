// Collectible tokens as a member meets them: the welcome toast, the tokens tab, the visit at the gate; and
// the member's tier of the ambassador program on the profile.
import { expect, test } from './fixed-clock';
import { chooseProduct, expectNoAxeViolations, OCTO, showMonthOf, signedInAsNewMember } from './support';
import { FIXED_NOW } from '../support/fixed-date';

test('a new member gets the welcome toast within the polling interval, then the token in the profile', async ({ page }) => {
  await signedInAsNewMember(page, 'collector');
  // On the profile: the welcome token is issued a few seconds after the first sign-in.
  await expect(page.getByText("Hooray, you've received a new POAP! Check it out in the profile tab!")).toBeVisible({ timeout: 20_000 });
  const tokens = page.getByRole('tabpanel', { name: 'My POAPs' });
  await expect(tokens.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await expect(tokens).toContainText('Earned on');
  await expectNoAxeViolations(page);

  // A reload is a first load: no toast for tokens already held.
  const firstPoll = page.waitForResponse((res) => res.url().includes('/api/auth/loyalty/getMembership'));
  await page.reload();
  await expect(tokens.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await firstPoll;
  await expect(page.getByText("Hooray, you've received a new POAP!")).toHaveCount(0);
});

test('after the visit is redeemed at the gate, the attendance token appears @once', async ({ page }) => {
  await signedInAsNewMember(page, 'gate');
  // Book and pay through the page's own calls, as the checkout does.
  const start = new Date(FIXED_NOW.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(FIXED_NOW.getTime() + 40 * 86_400_000).toISOString().slice(0, 10);
  const days = (await (await page.request.post('/octo/availability/calendar', { headers: OCTO, data: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: start, localDateEnd: end } })).json()) as { localDate: string; available: boolean }[];
  const day = days.find((d) => d.available)!.localDate;
  const [slot] = (await (await page.request.post('/octo/availability', { headers: OCTO, data: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day } })).json()) as { id: string }[];
  const started = await (await page.request.post('/api/auth/octo/bookings/payWithPayment', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot!.id } })).json();
  const paid = await (await page.request.post('/api/payments/test/pay', { data: { sessionId: started.paymentSession.id, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } } })).json();

  await page.goto('/profile');
  const tokens = page.getByRole('tabpanel', { name: 'My POAPs' });
  await expect(tokens.getByRole('heading', { name: 'Ticket holder' })).toBeVisible({ timeout: 20_000 });
  // The welcome token arrives a few seconds after the first sign-in: once it is in, the next toast is the visit's.
  await expect(tokens.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible({ timeout: 20_000 });

  const redeemed = await page.request.post('/api/ops/redeem', { headers: { Authorization: 'Bearer skypass-demo-ops-key' }, data: { reference: paid.order.reference } });
  expect(redeemed.ok()).toBe(true);
  // Within a poll (10 s) the visit's token is in the list, and its toast comes with it. Asked in that order:
  // the toasts load with the first one, so an earlier token's toast can still be on its way up before the
  // visit is redeemed, and would pass for the visit's if the toast were awaited first.
  await expect(tokens.getByRole('heading', { name: 'Skyline visitor' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Hooray, you've received a new POAP! Check it out in the profile tab!")).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a new member is an Explorer on the profile, two visits from Regular', async ({ page }) => {
  await signedInAsNewMember(page, 'explorer');
  const tier = page.getByRole('region', { name: 'Your ambassador tier' });
  await expect(tier.getByText('Explorer', { exact: true })).toBeVisible();
  await expect(tier).toContainText('0 visits in the last 12 months');
  await expect(tier.getByText('2 more visits to Regular')).toBeVisible();
  const progress = tier.getByRole('progressbar', { name: 'Progress to Regular' });
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  await expect(progress).toHaveAttribute('aria-valuemax', '2');
  await expectNoAxeViolations(page);

  // In German, with German plurals.
  await page.goto('/de/profile');
  const stufe = page.getByRole('region', { name: 'Ihre Botschafter-Stufe' });
  await expect(stufe.getByText('Entdecker', { exact: true })).toBeVisible();
  await expect(stufe.getByText('Noch 2 Besuche bis Stammgast')).toBeVisible();
});

test('a member made Regular by two visits on two days sees the member price on /products and at checkout @own-viewport', async ({ page }, testInfo) => {
  await signedInAsNewMember(page, 'regular');
  // Two paid bookings on two days, each redeemed by the operator's gate call: two visits, so Regular.
  const start = new Date(FIXED_NOW.getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(FIXED_NOW.getTime() + 40 * 86_400_000).toISOString().slice(0, 10);
  const days = (await (await page.request.post('/octo/availability/calendar', { headers: OCTO, data: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: start, localDateEnd: end } })).json()) as { localDate: string; available: boolean }[];
  const open = days.filter((d) => d.available).map((d) => d.localDate);
  for (const day of open.slice(0, 2)) {
    const [slot] = (await (await page.request.post('/octo/availability', { headers: OCTO, data: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day } })).json()) as { id: string }[];
    const started = await (await page.request.post('/api/auth/octo/bookings/payWithPayment', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot!.id } })).json();
    const paid = await (await page.request.post('/api/payments/test/pay', { data: { sessionId: started.paymentSession.id, card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } } })).json();
    const redeemed = await page.request.post('/api/ops/redeem', { headers: { Authorization: 'Bearer skypass-demo-ops-key' }, data: { reference: paid.order.reference } });
    expect(redeemed.ok()).toBe(true);
  }
  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Your ambassador tier' }).getByText('Regular', { exact: true })).toBeVisible({ timeout: 20_000 });

  await page.goto('/products');
  await chooseProduct(page, /^Main Deck/);
  const adult = page.getByRole('listitem').filter({ has: page.getByRole('group', { name: /Adult/ }) });
  await expect(adult.locator('s')).toHaveText('List price $44.00');
  await expect(adult.getByText('Regular price $39.60')).toBeVisible();
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByRole('button', { name: 'Add one Adult' }).click();
  const summary = page.getByRole('complementary', { name: 'Your visit' });
  await expect(summary.getByText('Regular price $79.20')).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(adult.getByText('Regular price $39.60')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`member-price-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
  }

  // At checkout: the tickets at list, the member discount, the total charged.
  const day = open[2]!;
  await showMonthOf(page, day);
  await page.locator(`button[data-date="${day}"]`).click();
  await page.getByRole('button', { name: /^9:00 AM/ }).click();
  await summary.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout/);
  await expect(page.getByText('Member discount')).toBeVisible();
  await expect(page.getByText('−$8.80')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $79.20' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('member-price-checkout.png'), fullPage: true });
  await expectNoAxeViolations(page);
});
