import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import crypto from 'node:crypto';
import { FIXED_NOW } from '../support/fixed-date';

export const uniqueEmail = (label: string) => `${label}.${crypto.randomBytes(6).toString('hex')}@example.com`;

/** Joins the program through the API, as another visitor (or an earlier visit) would have. */
export async function joinThroughApi(request: APIRequestContext, email: string) {
  const res = await request.post('/api/signUp', {
    data: { email, contact: { firstName: 'Rita', lastName: 'Moreno', phoneNumber: '+1 212 555 0199', country: 'US' } },
  });
  expect(res.ok()).toBe(true);
}

/** The sign-in link of the newest e-mail to `email`, read from the demo outbox as a person reads their mail. */
export async function latestSignInLink(request: APIRequestContext, email: string, after = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        // A dropped connection is asked again, as a person refreshes their inbox.
        const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`).catch(() => undefined);
        if (!res?.ok()) return undefined;
        const messages = (await res.json()) as { text: string }[];
        link = messages.length > after ? messages[0]!.text.match(/https?:\/\/\S+\/api\/auth\/callback\/email\S+/)?.[0] : undefined;
        return link;
      },
      { message: `a sign-in e-mail for ${email}`, timeout: 5_000, intervals: [100] },
    )
    .toBeDefined();
  return link!;
}

/** axe runs inside every frame, but a frame sandboxed without scripts (the demo mailbox's e-mails) runs
 * none, not even axe's: left out, with its title, which the mailbox's own test checks. */
const SCRIPTLESS_FRAMES = 'iframe[sandbox]:not([sandbox~="allow-scripts"])';

/** Toasts come and go on their own clock (a token earned in the background shows one at any moment): axe
 * catching one as it fades in reads its half-transparent text as a contrast failure. Their colours are the
 * library's (#363636 on white, 12:1), and the tests that show toasts check them by their role. */
const TOASTS = '[data-rht-toaster]';

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude(SCRIPTLESS_FRAMES)
    .exclude(TOASTS)
    .analyze();
  // What failed and why (axe's own summary: the colours and ratio of a contrast failure, say).
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary?.replace(/\s+/g, ' ').trim()} | ${n.html.slice(0, 160)})`).join(', ')}`);
  expect(summary).toEqual([]);
}

/** Signs an existing member or a staff address in at once, through the demo site's POST /api/dev/session:
 * next-auth's own session cookie, no e-mail. For every test that is not about signing in; those that are
 * (the link, the sign-in page, sign-out, rate limits) keep the e-mailed link (docs/decisions/0031). A page's
 * `page.request` shares its browser's cookies, so the page is signed in too. */
export async function signedInAs(request: APIRequestContext, email: string) {
  const res = await request.post('/api/dev/session', { data: { email } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Joins through the API and is signed in at once; then opens `path` (the profile, where the e-mailed link
 * lands), or stays where it is with `null` when the test opens a page of its own next. */
export async function signedInAsNewMember(page: Page, label: string, path: string | null = '/profile'): Promise<string> {
  const email = uniqueEmail(label);
  // Off any page of someone signed in first: a request of theirs still under way (the tokens' poll) would be
  // answered with their session cookie, renewed, after this sign-in, and sign them in again.
  if (page.url() !== 'about:blank') await page.goto('about:blank');
  await joinThroughApi(page.request, email);
  await signedInAs(page.request, email);
  if (path !== null) await page.goto(path);
  return email;
}

/** Signs out through the navbar: the member's menu on wide screens, the site menu on narrow ones. */
export async function signOutThroughNavbar(page: Page) {
  const banner = page.getByRole('banner');
  const account = banner.getByRole('button', { name: 'My account' });
  if (await account.isVisible()) await account.click();
  else await banner.getByRole('button', { name: 'Menu' }).click();
  await banner.getByRole('button', { name: 'Sign out' }).filter({ visible: true }).click();
}

/** On /products: picks a product as a person does, by its card (the radio itself is hidden under it), once
 * the card has stopped moving and nothing covers it. */
export async function chooseProduct(page: Page, name: RegExp) {
  const radio = page.getByRole('radio', { name });
  await page.locator('label').filter({ has: radio }).click();
  await expect(radio).toBeChecked();
}

/** On /products: Main Deck, `adults` adults, the first day on sale next month, 11:00 AM. */
export async function chooseVisit(page: Page, adults: number) {
  await page.goto('/products');
  await chooseProduct(page, /^Main Deck/);
  for (let i = 0; i < adults; i++) await page.getByRole('button', { name: 'Add one Adult' }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.locator('button[data-status="AVAILABLE"]').first().click();
  await page.getByRole('button', { name: /^11:00 AM/ }).click();
}

/** On /checkout: the test gateway's card form, filled and sent. */
export async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
}

/** Our own OCTO API as the demo reseller calls it. */
export const OCTO = { Authorization: 'Bearer skypass-demo-octo-key', 'Content-Type': 'application/json' };

/** The first open day of an option at least `daysAhead` days away, from our own OCTO API. */
export async function openDay(request: APIRequestContext, productId: string, optionId: string, daysAhead: number) {
  const start = new Date(FIXED_NOW.getTime() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(FIXED_NOW.getTime() + (daysAhead + 20) * 86_400_000).toISOString().slice(0, 10);
  const res = await request.post('/octo/availability/calendar', { headers: OCTO, data: { productId, optionId, localDateStart: start, localDateEnd: end } });
  const days = (await res.json()) as { localDate: string; status: string }[];
  return days.find((d) => d.status === 'AVAILABLE')!.localDate;
}

/** Pages the /products calendar forward to the month of a day. */
export async function showMonthOf(page: Page, localDate: string) {
  for (let i = 0; i < 12 && (await page.locator(`button[data-date="${localDate}"]`).count()) === 0; i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
}
