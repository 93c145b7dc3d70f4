import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import crypto from 'node:crypto';

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

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

/** Joins and signs in through the e-mailed link, the quick way: the API for the form, the page for the link. */
export async function signInAsNewMember(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await joinThroughApi(page.request, email);
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await page.request.post('/api/auth/signin/email', { form: { email, csrfToken, callbackUrl: '/profile', json: 'true' } });
  await page.goto(await latestSignInLink(page.request, email));
  await expect(page).toHaveURL(/\/profile$/);
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

/** On /products: Main Deck, `adults` adults, the first day on sale next month, 11:00 AM. */
export async function chooseVisit(page: Page, adults: number) {
  await page.goto('/products');
  await page.getByRole('radio', { name: /^Main Deck/ }).check({ force: true });
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
