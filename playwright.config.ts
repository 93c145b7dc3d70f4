import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// The tests' browser: CHROMIUM_PATH, else Chromium's headless shell where it is installed (Debian's
// chromium-headless-shell: the same engine without the desktop browser around it, as Playwright's own headless
// mode runs; the suite took about a third less CPU: decision 0069), else the full browser.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three, in the headless shell: 273 s against 306 s with two on 2 cores (decision 0069; with the full browser
  // four were slower than two: decision 0062). E2E_WORKERS overrides, for a machine with more cores.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // CI tries a failed test once more: a test that fails only under a loaded machine's timing would
  // otherwise hold back everything else. npm test names every test that needed the second try.
  retries: process.env.CI ? 1 : 0,
  // The longest flows (sign-up, pay, change a booking) take 20-30 s quiet and over a minute on a loaded machine.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // npm test reads the JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) for its closing line.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // A trace records every action's page and a screencast, in the browser and in the runner: on CI, where a
    // failed test runs again, only the second try is traced (decision 0072).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    // The 1280 px project runs every test; the 375 px one leaves out two tags. @own-viewport: the test sizes
    // the page itself. @once: a flow whose logic does not depend on the width (redirects, declined cards,
    // staff actions); its pages are checked at 375 px by the axe and layout tests, so a second run adds time only.
    // Tests are handed out in this order: the long desktop tests first, the short 375 px ones to even out the
    // workers' ends (decision 0072).
    { name: 'desktop-1280', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'mobile-375', grepInvert: /@own-viewport|@once/, use: { viewport: { width: 375, height: 812 }, isMobile: false, hasTouch: true } },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/auth/providers`,
    env: { PORT: String(port) },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
