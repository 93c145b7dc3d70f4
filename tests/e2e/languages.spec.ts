// The visitor's language survives every redirect: the sign-in link, sign-out, a bad callbackUrl, and
// next-auth's own redirect to the sign-in page with an absolute callbackUrl.
import { expect, test } from './fixed-clock';
import { joinThroughApi, latestSignInLink, uniqueEmail } from './support';

test('a visitor who chose Japanese signs in and lands on the Japanese profile, and signs out to the Japanese home @once', async ({ page, context, request, baseURL }) => {
  const email = uniqueEmail('ja');
  await joinThroughApi(request, email);
  // The language selector's cookie: Next.js then opens the home page in Japanese.
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'ja', url: baseURL! }]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/ja$/);
  await page.goto('/ja/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: '次へ' }).click();
  await expect(page).toHaveURL(/\/ja\/verifyRequest$/);
  const link = await latestSignInLink(request, email);
  expect(new URL(link).searchParams.get('callbackUrl')).toMatch(/\/ja\/profile$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/ja\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'マイプロフィール' })).toBeVisible();

  const banner = page.getByRole('banner');
  const account = banner.getByRole('button', { name: 'マイアカウント' });
  if (await account.isVisible()) await account.click();
  else await banner.getByRole('button', { name: 'メニュー' }).click();
  await banner.getByRole('button', { name: 'ログアウト' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/ja$/);
});

test('a German visitor sent to sign in from the profile comes back to the German profile @once', async ({ page, request }) => {
  const email = uniqueEmail('de');
  await joinThroughApi(request, email);
  await page.goto('/de/profile');
  await expect(page).toHaveURL(/\/de\/login\?error=SessionRequired&callbackUrl=%2Fde%2Fprofile$/);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/de\/verifyRequest$/);
  await page.goto(await latestSignInLink(request, email));
  await expect(page).toHaveURL(/\/de\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Profil' })).toBeVisible();
});

test('a callbackUrl with a foreign locale prefix falls back to the language cookie @once', async ({ page, context, request, baseURL }) => {
  const email = uniqueEmail('foreign');
  await joinThroughApi(request, email);
  await context.addCookies([{ name: 'NEXT_LOCALE', value: 'de', url: baseURL! }]);
  await page.goto('/de/login?callbackUrl=%2Fxx%2Fproducts');
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByRole('button', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/\/de\/verifyRequest$/);
  await page.goto(await latestSignInLink(request, email));
  await expect(page).toHaveURL(/\/de\/products$/);
});

test("next-auth's sign-in redirect keeps its absolute callbackUrl @once", async ({ page, request }) => {
  const email = uniqueEmail('absolute');
  await joinThroughApi(request, email);
  await page.goto('/api/auth/signin?callbackUrl=%2Fproducts');
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/verifyRequest$/);
  const link = await latestSignInLink(request, email);
  expect(new URL(link).searchParams.get('callbackUrl')).toMatch(/^http:\/\/localhost:\d+\/products$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/products$/);
});
