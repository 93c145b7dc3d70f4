// The Content-Security-Policy in the browser: every page, prerendered (scripts allowed by hash) or
// rendered per request (by nonce), runs its scripts and breaks no rule of the policy, through a whole
// visit: the home page, the language, sign-in, booking, paying, the profile, the dev mailbox, the errors.
import type { Page } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { chooseVisit, payWith, signedInAsNewMember } from './support';

/** Collects what the browser refuses under the policy, as the page itself would be told. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} in ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/CSP violation|Content Security Policy|Refused to (load|execute|evaluate|apply|connect|frame)/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

// A whole visit at one width (@own-viewport: the 1280 px project only).
test('no page breaks the Content-Security-Policy, and every page runs its scripts @own-viewport', async ({ page }) => {
  test.setTimeout(120_000); // a whole visit, where other tests see one page
  const violations = await watchViolations(page);

  // Prerendered pages: the FAQ (a script) opens, the language selector switches.
  await page.goto('/#FAQ');
  const question = page.getByRole('button', { name: 'What is a POAP?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  const language = page.getByRole('banner').getByRole('combobox');
  await language.selectOption({ label: 'Français' });
  await expect(page).toHaveURL(/\/fr(#FAQ)?$/);
  await language.selectOption({ label: 'English' });
  await expect(page).toHaveURL(/:\d+\/(#FAQ)?$/);
  for (const path of ['/login', '/signup', '/verifyRequest', '/error?error=Verification', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('main')).toBeVisible();
  }

  // Pages rendered per request, signed in: booking and paying, the profile, the mailbox.
  await signedInAsNewMember(page, 'csp', null);
  await chooseVisit(page, 1);
  await page.getByRole('button', { name: 'Book' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.reload();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Your visit is booked' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^QR code of ticket TKT-/ })).toHaveCount(1);
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'My bookings' }).click();
  await expect(page.getByRole('tabpanel', { name: 'My bookings' })).toContainText('Confirmed');
  await page.goto('/dev/mailbox');
  await expect(page.locator('main')).toContainText('Your tickets');

  expect(violations).toEqual([]);
});
