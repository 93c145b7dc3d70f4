// The visitor's pages in every language at the widths we design for, for a person to look at, with what a
// machine can find first: a page wider than the screen, the header's brand cut short, and English left on a
// page in another language. One contact sheet per page and width shows the 11 languages side by side.
//   node scripts/locale-review.mjs http://localhost:3000 [out-dir]     (ONLY=products,profile: some pages)
// Needs the demo (SKYPASS_DEMO=true): it joins a member through the API and reads the sign-in link from the
// outbox. Prints the findings and exits 1 if there are any.
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import locales from '../locales.config.js';

const [base = 'http://localhost:3000', outDir = 'screenshots/locales'] = process.argv.slice(2);
const WIDTHS = [375, 800, 1100, 1280];
const PAGES = [
  { name: 'home', path: '/' },
  // Main Deck with two adults, as a visitor left it: the calendar and its legend show.
  { name: 'products', path: '/products', selection: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 } } },
  { name: 'profile', path: '/profile' },
  // Each e-mail is in its recipient's language, whatever the mailbox's own.
  { name: 'mailbox', path: '/dev/mailbox', notPageText: 'main li' },
];
// Words that are the same in every language: names, the token standard, the networks, a month and year
// ("November 2026" in German too).
const SAME_EVERYWHERE = /^(Skyline Tower|Skyline Ambassadors|POAP|POAPs|Facebook|YouTube|Instagram|Pinterest|Weibo|TikTok|English|Nederlands|Français|Deutsch|Italiano|日本語|한국어|Português|Español|简体中文|繁體中文|[\d\s.,:/$€%()+–-]+|[\w.+-]+@[\w.-]+|https?:\S+|\p{L}+ \d{4})$/u;

async function signIn(context) {
  const email = `review.${Date.now()}@example.com`;
  const request = context.request;
  const joined = await request.post(new URL('/api/signUp', base).toString(), {
    data: { email, contact: { firstName: 'Hana', lastName: 'Sato', phoneNumber: '+81 3 1234 5678', country: 'JP' } },
  });
  if (!joined.ok()) throw new Error(`signUp answered ${joined.status()}`);
  const { csrfToken } = await (await request.get(new URL('/api/auth/csrf', base).toString())).json();
  await request.post(new URL('/api/auth/signin/email', base).toString(), { form: { email, csrfToken, callbackUrl: '/profile', json: 'true' } });
  const [message] = await (await request.get(new URL(`/api/dev/outbox?to=${encodeURIComponent(email)}`, base).toString())).json();
  await request.get(message.text.match(/https?:\/\/\S+\/api\/auth\/callback\/email\S+/)[0]);
}

/** What a machine can see wrong on the page on screen, and its visible texts. */
function inspect(notPageText) {
  const texts = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\s+/g, ' ').trim();
    const element = node.parentElement;
    if (text.length < 3 || !/\p{L}/u.test(text) || !element || element.closest(`script, style, noscript, [hidden], .visually-hidden${notPageText ? `, ${notPageText}` : ''}`)) continue;
    if (element.getClientRects().length === 0) continue;
    texts.add(text);
  }
  for (const element of document.querySelectorAll('[aria-label], [placeholder], [alt], [title]')) {
    if (notPageText && element.closest(notPageText)) continue;
    for (const attribute of ['aria-label', 'placeholder', 'alt', 'title']) {
      const text = element.getAttribute(attribute)?.trim();
      if (text && text.length >= 3 && /\p{L}/u.test(text)) texts.add(text);
    }
  }
  const brand = document.querySelector('header a[href$="/"] span:last-child, header [class*="brandName"]');
  return {
    wider: document.documentElement.scrollWidth > window.innerWidth ? document.documentElement.scrollWidth : 0,
    brandCut: brand ? brand.scrollWidth > brand.clientWidth + 1 : false,
    texts: [...texts],
  };
}

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const context = await browser.newContext();
await signIn(context);
const findings = [];
const english = new Map();
const only = process.env.ONLY?.split(',');
for (const target of PAGES.filter((p) => !only || only.includes(p.name))) {
  for (const width of WIDTHS) {
    const shots = [];
    for (const locale of locales.locales) {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      if (target.selection) {
        await page.addInitScript((state) => localStorage.setItem('skypass.selection', JSON.stringify({ state, version: 1 })), target.selection);
      }
      const prefix = locale === locales.defaultLocale ? '' : `/${locale}`;
      await page.goto(new URL(`${prefix}${target.path}`, base).toString(), { waitUntil: 'networkidle' });
      if (target.selection) await page.locator('[data-status]').first().scrollIntoViewIfNeeded();
      const seen = await page.evaluate(inspect, target.notPageText);
      const where = `${target.name} ${locale} ${width}px`;
      if (seen.wider) findings.push(`${where}: the page is ${seen.wider} px wide`);
      if (seen.brandCut) findings.push(`${where}: the header cuts the brand short`);
      if (locale === locales.defaultLocale) english.set(`${target.name}${width}`, new Set(seen.texts));
      else {
        const left = seen.texts.filter((t) => english.get(`${target.name}${width}`)?.has(t) && !SAME_EVERYWHERE.test(t));
        if (left.length) findings.push(`${where}: English left: ${left.map((t) => JSON.stringify(t)).join(', ')}`);
      }
      const file = path.join(outDir, `${target.name}-${width}-${locale}.png`);
      await page.screenshot({ path: file });
      shots.push({ locale, file });
      await page.close();
    }
    // The contact sheet: the 11 languages of one page at one width, side by side, half size.
    const sheet = await browser.newPage({ viewport: { width: Math.min(6 * (width / 2 + 12), 4000), height: 1000 } });
    const cells = shots
      .map(({ locale, file }) => `<figure><figcaption>${locale}</figcaption><img src="data:image/png;base64,${fs.readFileSync(file).toString('base64')}"></figure>`)
      .join('');
    await sheet.setContent(
      `<style>body{margin:0;display:flex;flex-wrap:wrap;gap:12px;font:16px sans-serif}figure{margin:0}img{width:${width / 2}px;border:1px solid #888}</style>${cells}`,
    );
    await sheet.screenshot({ path: path.join(outDir, `sheet-${target.name}-${width}.png`), fullPage: true });
    await sheet.close();
  }
}
await browser.close();
console.log(findings.length ? findings.join('\n') : 'No findings.');
console.log(`Screenshots and contact sheets in ${outDir}`);
process.exitCode = findings.length ? 1 : 0;
