// The site shell: the navbar at its breakpoints, the language selector, the anchors, the footer, page
// titles, and axe on every page at 375 and 1280 px.
import type { Page } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations, signedInAsNewMember } from './support';
import { FIXED_NOW } from '../support/fixed-date';

const banner = (page: Page) => page.getByRole('banner');

// These set their own widths, so they run once (in the 1280 px project: see playwright.config.ts).
test.describe('the navbar @own-viewport', () => {
  test('shows the desktop layout from 1000 px', async ({ page }) => {
    for (const width of [1000, 1100, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      // The section links are in the bar from 1000 px (wrapping onto a second line where needed).
      await expect(banner(page).getByRole('link', { name: 'How it works' })).toBeVisible();
      await expect(banner(page).getByRole('link', { name: 'Buy Tickets' })).toBeVisible();
      await expect(banner(page).getByRole('link', { name: 'Join Program' })).toBeVisible();
      await expect(banner(page).getByRole('button', { name: 'Menu' })).toBeHidden();
    }
  });

  test('uses a menu below 1000 px, with Buy Tickets in the bar down to 600 px', async ({ page }) => {
    for (const width of [999, 600]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(banner(page).getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(banner(page).getByRole('link', { name: 'How it works' })).toBeHidden();
      await expect(banner(page).getByRole('link', { name: 'Buy Tickets' })).toHaveCount(1);
      await expect(banner(page).getByRole('link', { name: 'Buy Tickets' })).toBeVisible();
    }
  });

  test('moves Buy Tickets into the menu below 600 px, and works with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 599, height: 800 });
    await page.goto('/');
    await expect(banner(page).getByRole('link', { name: 'Buy Tickets' })).toBeHidden();
    // Its name changes with its state: "Menu", then "Close".
    const menuButton = banner(page).getByRole('button', { name: /^(Menu|Close)$/ });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Site menu' });
    await expect(menu.getByRole('link', { name: 'Buy Tickets' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Join Program' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    // Buy Tickets leads to /products, Join Program to /login.
    await page.keyboard.press('Enter');
    await menu.getByRole('link', { name: 'Buy Tickets' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(menu).toBeHidden();
  });

  test("shows a signed-in member's menu", async ({ page }) => {
    await signedInAsNewMember(page, 'menu', null);
    await page.goto('/');
    const account = banner(page).getByRole('button', { name: 'My account' });
    await account.click();
    await expect(banner(page).getByRole('link', { name: 'My Profile' })).toBeVisible();
    await banner(page).getByRole('button', { name: 'Sign out' }).click();
    await expect(banner(page).getByRole('link', { name: 'Join Program' })).toBeVisible();
  });
});

test.describe('languages', () => {
  /** Chooses a language in the navbar, opening the menu first on a narrow screen. */
  async function chooseLanguage(page: Page, language: string) {
    const menuButton = banner(page).locator('button[aria-controls][aria-expanded="false"]').filter({ visible: true });
    if (await menuButton.count()) await menuButton.first().click();
    await banner(page).getByRole('combobox').filter({ visible: true }).selectOption({ label: language });
  }

  test('switching keeps the page, and the choice is remembered', async ({ page }) => {
    await page.goto('/login');
    await chooseLanguage(page, 'Deutsch');
    await expect(page).toHaveURL(/\/de\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveTitle(/^.+ \| Skyline Ambassadors$/);
    await expect(page).not.toHaveTitle('Sign in | Skyline Ambassadors');

    // A returning visitor is brought to the language they chose.
    await page.goto('/');
    await expect(page).toHaveURL(/\/de$/);

    await page.goto('/de/products');
    await chooseLanguage(page, 'Français');
    await expect(page).toHaveURL(/\/fr\/products$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    await page.goto('/fr');
    await chooseLanguage(page, '日本語');
    await expect(page).toHaveURL(/\/ja$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page).toHaveTitle(/ \| Skyline Ambassadors$/);
  });

  test('the 404 page speaks the visitor language', async ({ page }) => {
    const res = await page.goto('/de/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("We can't find that page");
  });
});

test('the anchors scroll to their sections', async ({ page }) => {
  await page.goto('/');
  for (const [name, id] of [
    ['FAQ', 'FAQ'],
    ['The collection', 'Artwork'],
    ['How it works', 'HowItWorks'],
  ] as const) {
    await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
});

test('the FAQ opens and closes', async ({ page }) => {
  await page.goto('/#FAQ');
  const question = page.getByRole('button', { name: 'What is a POAP?' });
  await expect(question).toHaveAttribute('aria-expanded', 'false');
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'What is a POAP?' })).toContainText('proof of attendance protocol');
});

test('the footer has its links, icons with names, the badge and the copyright', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const name of ['Safety', 'Hours', 'News', 'Contact', 'Policies', 'Privacy', 'Terms']) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^https:\/\/www\.skyline-tower\.example\//);
  }
  for (const network of ['Facebook', 'X', 'YouTube', 'Instagram', 'Pinterest', 'Weibo', 'TikTok']) {
    await expect(footer.getByRole('link', { name: `Skyline Tower on ${network}` })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: /Rated 4\.8 out of 5 by travelers/ })).toBeVisible();
  // The year of the clock that rendered it: the server's (the real one for a component), or this browser's,
  // which agrees with the site's test clock (fixed-clock.ts); the copyright line keeps the server's text.
  await expect(footer).toContainText(new RegExp(`© (${new Date().getFullYear()}|${FIXED_NOW.getFullYear()}) Skyline Tower\\. All rights reserved\\.`));

  // The rating in the visitor's notation: a decimal comma in German.
  await page.goto('/de');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /mit 4,8 von 5/ })).toBeVisible();
});

// axe at the phone's layout and the desktop's: 800 px shows the phone's menu (below 1000 px), and is looked
// at in screenshots (scripts/screenshots.mjs), not checked again here.
test('every page has its title and passes axe at 375 and 1280 px @own-viewport', async ({ page }) => {
  test.slow();
  const pages = ['/', '/login', '/signup', '/verifyRequest', '/products', '/accessibility', '/error?error=Verification', '/no-such-page', '/dev/mailbox'];
  for (const path of pages) {
    await page.goto(path);
    await expect(page).toHaveTitle(/^.+ \| Skyline Ambassadors$/);
  }
  await signedInAsNewMember(page, 'titles', null);
  for (const path of ['/profile', '/checkout']) {
    await page.goto(path);
    await expect(page).toHaveTitle(/^.+ \| Skyline Ambassadors$/);
  }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [...pages, '/profile']) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
  }
});
