// Joining and signing in as a visitor does it, in a real browser, reading the link from the outbox.
import { agreeWithSiteClock, expect, test } from './fixed-clock';
import { expectNoAxeViolations, joinThroughApi, latestSignInLink, signOutThroughNavbar, uniqueEmail } from './support';

test('a new visitor joins the program and signs in through the e-mailed link @once', async ({ page, request }) => {
  const email = uniqueEmail('new.visitor');
  await page.goto('/');
  await expect(page).toHaveTitle('Home | Skyline Ambassadors');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Join Program' }).filter({ visible: true }).first().click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Sign in | Skyline Ambassadors');
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/signup/);
  await expect(page).toHaveTitle('Join the program | Skyline Ambassadors');
  await expect(page.getByText(email)).toBeVisible();
  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Join and send my sign-in link' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Phone number').fill('+1 646 555 0142');
  await page.getByLabel('Country or region').selectOption('US');
  await page.getByRole('button', { name: 'Join and send my sign-in link' }).click();

  await expect(page).toHaveURL(/\/verifyRequest$/);
  await expect(page.getByText(`We have sent a sign-in link to ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(await latestSignInLink(request, email));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  await expect(page.getByText('Welcome back, Mia Okafor.')).toBeVisible();
  await page.getByRole('tab', { name: 'My details' }).click();
  await expect(page.getByRole('tabpanel', { name: 'My details' })).toContainText('+16465550142');
  await expectNoAxeViolations(page);
});

test('a returning member signs in with a mixed-case e-mail @once', async ({ page, request }) => {
  const email = uniqueEmail('returning');
  await joinThroughApi(request, email);
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(`  ${email.toUpperCase()}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verifyRequest$/);
  await expect(page.getByText(`We have sent a sign-in link to ${email}.`)).toBeVisible();
  await page.goto(await latestSignInLink(request, email));
  await expect(page.getByText('Welcome back, Rita Moreno.')).toBeVisible();
});

test('an e-mail that joined meanwhile lands on /login?userExists=true @once', async ({ page, request }) => {
  const email = uniqueEmail('meanwhile');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await joinThroughApi(request, email);

  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Last name').fill('Okafor');
  await page.getByLabel('Phone number').fill('+1 646 555 0142');
  await page.getByLabel('Country or region').selectOption('US');
  await page.getByRole('button', { name: 'Join and send my sign-in link' }).click();
  await expect(page).toHaveURL(/\/login\?userExists=true$/);
  await expect(page.getByText('You are already a member.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('editing the e-mail on /signup returns to /login and clears it @once', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(uniqueEmail('typo'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('E-mail address')).toHaveValue('');
});

test('a used sign-in link shows the error page @once', async ({ page, browser, request }) => {
  const email = uniqueEmail('used.link');
  await joinThroughApi(request, email);
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verifyRequest$/);
  const link = await latestSignInLink(request, email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/profile$/);

  const other = await browser.newContext();
  await agreeWithSiteClock(other, request);
  const second = await other.newPage();
  await second.goto(link);
  await expect(second).toHaveURL(/\/error\?error=Verification$/);
  await expect(second.getByText('This sign-in link is no longer valid.')).toBeVisible();
  await expect(second).toHaveTitle('Error | Skyline Ambassadors');
  await expectNoAxeViolations(second);
  await other.close();
});

test('an anonymous visit to /profile signs in and returns there; sign-out ends the session', async ({ page, request }) => {
  const email = uniqueEmail('callback');
  await joinThroughApi(request, email);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?error=SessionRequired&callbackUrl=%2Fprofile$/);
  await expect(page.getByText('Please sign in to continue.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verifyRequest$/);
  const link = await latestSignInLink(request, email);
  expect(new URL(link).searchParams.get('callbackUrl')).toMatch(/\/profile$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/profile$/);

  await signOutThroughNavbar(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Join Program' }).filter({ visible: true }).first()).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?error=SessionRequired/);
});
