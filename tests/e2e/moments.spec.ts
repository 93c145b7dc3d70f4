// Sky Moments and the member card (issue #24, decision 0043): a member who brings a party of six has the
// hidden "Sky crew" challenge completed at the gate and sees its toast on the profile, the challenge now
// revealed as completed; the member card page shows the signed member code's QR, linked from the profile;
// at 375, 800 and 1280 px, passing axe.
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations, signedInAs, signedInAsNewMember } from './support';
import { FIXED_NOW } from '../support/fixed-date';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

test('a challenge completed at the gate shows its toast on the profile, and is revealed there @own-viewport', async ({ page, baseURL }, testInfo) => {
  await signedInAsNewMember(page, 'moments');
  const moments = page.getByRole('region', { name: 'Sky Moments' });
  await expect(moments.getByRole('heading', { name: 'A secret challenge' })).toBeVisible();
  await expect(moments.getByText('0 of 4 seasons')).toBeVisible();
  await expect(moments.getByRole('heading', { name: 'Sky crew' })).toHaveCount(0);

  // Six adults for the next slot still sold (the e2e server's gate admits it), one of them scanned.
  let slot: { id: string } | undefined;
  for (let day = 0; !slot && day < 3; day++) {
    const selectedDate = new Date(FIXED_NOW.getTime() + day * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const res = await page.request.post('/api/auth/octo/products/availability', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 6 }, selectedDate } });
    slot = ((await res.json()) as { id: string; available: boolean }[]).find((s) => s.available);
  }
  const started = await page.request.post('/api/auth/octo/bookings/payWithPayment', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 6 }, selectedTime: slot!.id } });
  expect(started.ok(), await started.text()).toBe(true);
  const { paymentSession } = (await started.json()) as { paymentSession: { id: string } };
  const paid = await page.request.post('/api/payments/test/pay', { data: { sessionId: paymentSession.id, card: CARD } });
  const { order } = (await paid.json()) as { order: { tickets: { code: string }[] } };
  const staff = await playwrightRequest.newContext({ baseURL });
  await signedInAs(staff, 'gate-9@staff.example');
  const scanned = await staff.post('/api/staff/gate/scan', { data: { code: order.tickets[0]!.code, gate: 'North' } });
  expect(((await scanned.json()) as { verdict: string }).verdict).toBe('VALID');
  await staff.dispose();

  // The challenge's job runs on the admission; the profile shows its toast when it opens, or at its next
  // poll (10 s) if the job had not run yet.
  await page.goto('/profile');
  const toast = page.getByRole('status').filter({ hasText: 'Sky Moment completed: Sky crew. You earned a POAP and 250 points.' });
  await expect(toast).toBeVisible({ timeout: 20_000 });
  const crew = moments.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sky crew' }) });
  await expect(crew.getByText('Completed')).toBeVisible();
  await expect(moments.getByRole('heading', { name: 'A secret challenge' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your points' }).getByText('350 points', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('profile-moments.png'), fullPage: true });
  for (const width of [375, 800]) {
    await page.setViewportSize({ width, height: 900 });
    const box = await moments.boundingBox();
    expect(box!.x + box!.width, `the challenges fit at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`profile-moments-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Seen: opening the profile again shows it done, without the toast.
  await toast.waitFor({ state: 'hidden', timeout: 15_000 });
  await page.goto('/de/profile');
  await expect(page.getByRole('region', { name: 'Himmelsmomente' }).getByRole('heading', { name: 'Gipfel-Crew' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Gipfel-Crew' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the member card shows the member, their tier and points, and the QR of their member code @own-viewport', async ({ page, baseURL }, testInfo) => {
  await signedInAsNewMember(page, 'member-card');
  await page.getByRole('link', { name: 'Show my member card' }).click();
  await expect(page).toHaveURL(/\/profile\/card$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My member card' })).toBeVisible();
  const card = page.getByRole('region', { name: /\w/ });
  await expect(card.getByText('Explorer', { exact: true })).toBeVisible();
  await expect(card.getByText('0 points', { exact: true })).toBeVisible();
  await expect(card.getByText('No visit booked')).toBeVisible();
  const qr = card.getByRole('img', { name: /^QR code of the member card of / });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('button', { name: 'Print the card' })).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const box = await qr.boundingBox();
    expect(box!.x + box!.width, `the QR fits at ${width} px`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`member-card-${width}.png`), fullPage: true });
  }
  await expectNoAxeViolations(page);

  // The code in the QR, as the counter scans it (the page's own props, loaded afresh: the link above
  // navigated in the browser): staff read the member and their tier; an altered one is refused.
  await page.reload();
  const code = await page.evaluate(() => (JSON.parse(document.getElementById('__NEXT_DATA__')!.textContent!) as { props: { pageProps: { card: { code: string } } } }).props.pageProps.card.code);
  const staff = await playwrightRequest.newContext({ baseURL });
  await signedInAs(staff, 'gate-10@staff.example');
  const checked = await staff.get(`/api/staff/members/card?code=${encodeURIComponent(code)}`);
  expect(checked.status()).toBe(200);
  expect(await checked.json()).toMatchObject({ name: expect.any(String), tier: { id: 'explorer', name: 'Explorer' } });
  const altered = `${code.slice(0, -2)}${code.endsWith('AA') ? 'BB' : 'AA'}`;
  const refused = await staff.get(`/api/staff/members/card?code=${encodeURIComponent(altered)}`);
  expect(refused.status()).toBe(422);
  expect(await refused.json()).toMatchObject({ error: 'This member card code is not genuine: it was altered or made up.' });
  await staff.dispose();

  await page.goto('/ja/profile/card');
  await expect(page.getByRole('heading', { level: 1, name: '会員カード' })).toBeVisible();
  await expect(page.getByRole('img', { name: /の会員カードの QR コード$/ })).toBeVisible();
  await expectNoAxeViolations(page);
});
