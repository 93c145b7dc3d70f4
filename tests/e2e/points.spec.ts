// The member's points on the profile (issue #24, decision 0037): a paid booking's points pending, then the
// adult ticket scanned at the gate confirms its 100 points, with the date they expire; at 375, 800 and
// 1280 px, in English and German, passing axe.
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations, signedInAs, signedInAsNewMember } from './support';
import { FIXED_NOW } from '../support/fixed-date';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

test('a member sees the points of a paid booking pending, then confirmed at the gate with their expiry', async ({ page, baseURL }, testInfo) => {
  await signedInAsNewMember(page, 'points');
  const points = page.getByRole('region', { name: 'Your points' });
  await expect(points.getByText('0 points', { exact: true })).toBeVisible();
  await expect(points).toContainText('Points stay valid for 12 months.');

  // An adult and a child for the next slot still sold (the e2e server's gate admits it).
  let slot: { id: string } | undefined;
  for (let day = 0; !slot && day < 3; day++) {
    const selectedDate = new Date(FIXED_NOW.getTime() + day * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const res = await page.request.post('/api/auth/octo/products/availability', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1, child: 1 }, selectedDate } });
    slot = ((await res.json()) as { id: string; available: boolean }[]).find((s) => s.available);
  }
  const started = await page.request.post('/api/auth/octo/bookings/payWithPayment', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1, child: 1 }, selectedTime: slot!.id } });
  expect(started.ok(), await started.text()).toBe(true);
  const { paymentSession } = (await started.json()) as { paymentSession: { id: string } };
  const paid = await page.request.post('/api/payments/test/pay', { data: { sessionId: paymentSession.id, card: CARD } });
  const { order } = (await paid.json()) as { order: { reference: string; tickets: { unitId: string; code: string }[] } };

  await page.goto('/profile');
  await expect(points.getByText('0 points', { exact: true })).toBeVisible();
  await expect(points.getByText('150 points pending: they count once your tickets are scanned at the entrance')).toBeVisible();

  const staff = await playwrightRequest.newContext({ baseURL });
  await signedInAs(staff, 'gate-7@staff.example');
  const adult = order.tickets.find((t) => t.unitId === 'adult')!;
  const scanned = await staff.post('/api/staff/gate/scan', { data: { code: adult.code, gate: 'North' } });
  expect(((await scanned.json()) as { verdict: string }).verdict).toBe('VALID');
  await staff.dispose();

  // The profile's poll (10 s) brings the confirmed points.
  await expect(points.getByText('100 points', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(points.getByText('50 points pending: they count once your tickets are scanned at the entrance')).toBeVisible();
  await expect(points.getByText(/^100 points expire on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath('profile-points.png'), fullPage: true });

  await page.goto('/de/profile');
  const punkte = page.getByRole('region', { name: 'Ihre Punkte' });
  await expect(punkte.getByText('100 Punkte', { exact: true })).toBeVisible();
  await expect(punkte.getByText(/^100 Punkte verfallen am \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await expect(punkte.getByText('50 Punkte ausstehend: Sie zählen, sobald Ihre Tickets am Eingang gescannt werden')).toBeVisible();
  await expectNoAxeViolations(page);

  // At 800 px (a tablet) the two cards stand side by side, neither running past the page.
  await page.setViewportSize({ width: 800, height: 1000 });
  const tier = await page.getByRole('region', { name: 'Ihre Botschafter-Stufe' }).boundingBox();
  const mine = await punkte.boundingBox();
  expect(mine!.x).toBeGreaterThan(tier!.x + tier!.width);
  expect(mine!.x + mine!.width).toBeLessThanOrEqual(800);
  await page.screenshot({ path: testInfo.outputPath('profile-points-800.png') });
  await expectNoAxeViolations(page);
});
