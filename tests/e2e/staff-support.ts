// Helpers of the staff console's browser tests: a member's paid order made through the API, and staff signed
// in at once (POST /api/dev/session). Staff addresses are the e2e server's (scripts/e2e-server.mjs).
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { joinThroughApi, signedInAs, uniqueEmail } from './support';
import { FIXED_NOW } from '../support/fixed-date';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

export type Order = { reference: string; tickets: { reference: string; code: string }[] };

/** A manager address of this worker and width, from `first`: parallel workers and the two widths never
 * share a manager's session (the 1280 px project's start two further on). */
export const workerManager = (first: number) => `manager-${first + test.info().parallelIndex + (test.info().project.name === 'mobile-375' ? 0 : 2)}@staff.example`;

/** A manager signed in, the booking `reference` found on /staff/bookings. */
export async function bookingFoundByManager(page: Page, manager: string, reference: string) {
  await signedInAsStaff(page, manager);
  await page.getByRole('link', { name: 'Bookings' }).click();
  await page.getByLabel('Reference, e-mail or name').fill(reference);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('heading', { name: `Booking ${reference}` })).toBeVisible();
}

/** Staff signed in at once (POST /api/dev/session), on the staff console's first page. */
export async function signedInAsStaff(page: Page, email: string) {
  await signedInAs(page.request, email);
  await page.goto('/staff/gate');
  await expect(page).toHaveURL(/\/staff\/gate$/);
}

/** A member's paid order for the next slot still sold: today's, or late in the evening the next open day's
 * (the e2e server's gate admits it: GATE_TOLERANCE_MINUTES in scripts/e2e-server.mjs). */
export async function paidOrder(baseURL: string, adults = 1): Promise<{ order: Order; email: string }> {
  const member = await playwrightRequest.newContext({ baseURL });
  const email = uniqueEmail('staff-visitor');
  await joinThroughApi(member, email);
  await signedInAs(member, email);
  let slot: { id: string } | undefined;
  for (let day = 0; !slot && day < 3; day++) {
    const selectedDate = new Date(FIXED_NOW.getTime() + day * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const res = await member.post('/api/auth/octo/products/availability', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: adults }, selectedDate } });
    slot = ((await res.json()) as { id: string; available: boolean }[]).find((s) => s.available);
  }
  const started = await member.post('/api/auth/octo/bookings/payWithPayment', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: adults }, selectedTime: slot!.id } });
  expect(started.ok(), await started.text()).toBe(true);
  const { paymentSession } = (await started.json()) as { paymentSession: { id: string } };
  const paid = await member.post('/api/payments/test/pay', { data: { sessionId: paymentSession.id, card: CARD } });
  expect(paid.ok(), await paid.text()).toBe(true);
  const { order } = (await paid.json()) as { order: Order };
  await member.dispose();
  return { order, email };
}
