// The gate in Chromium: a gate user scans a real ticket's QR through the camera (Chromium's fake camera
// fed with a Y4M video of the QR), sees VALID, scans it again and sees ALREADY USED; typed references
// work too; the pages pass axe. Staff addresses are the e2e server's (scripts/e2e-server.mjs).
import { chromium } from '@playwright/test';
import { agreeWithSiteClock, expect, test } from './fixed-clock';
import { expectNoAxeViolations, joinThroughApi, signedInAs, uniqueEmail } from './support';
import { paidOrder, signedInAsStaff } from './staff-support';
import { writeQrVideo } from './qr-video';

test('a gate user scans a ticket QR with the camera: VALID, then ALREADY USED @own-viewport', async ({ baseURL }, testInfo) => {
  const { order } = await paidOrder(baseURL!);
  const video = testInfo.outputPath('ticket.y4m');
  writeQrVideo(video, order.tickets[0]!.code);
  expect(order.tickets[0]!.code).toMatch(/^SKT1\./);
  // A browser of its own: its camera plays the ticket's QR. The suite's browser with its flags (playwright.config.ts),
  // so that it does not spend its first seconds on this closed network's refused connections.
  const { executablePath, args = [] } = testInfo.project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    executablePath,
    args: [...args, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`, '--use-fake-ui-for-media-stream'],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'America/New_York', viewport: { width: 1280, height: 800 }, permissions: ['camera'] });
    await agreeWithSiteClock(context);
    const page = await context.newPage();
    // The camera browser is not traced: its console goes into the failure message instead.
    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    await signedInAsStaff(page, 'gate-2@staff.example');
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    // The first answer on the page: a verdict, or an error (no camera, no network) that says why not.
    const answer = page.getByRole('main').getByRole('alert');
    await expect(answer.first())
      .toBeVisible({ timeout: 45_000 })
      .catch((error: Error) => {
        throw new Error(`${error.message}\nThe gate's console:\n${consoleLines.join('\n')}`);
      });
    const verdict = page.locator('[data-verdict]');
    expect(await answer.allTextContents(), `the gate's console:\n${consoleLines.join('\n')}`).toEqual([await verdict.textContent()]);
    await expect(verdict).toContainText('VALID');
    await expect(verdict).toContainText(`Admit 1 · booking ${order.reference}`);
    // The same ticket again: the camera is started anew, as a second scan.
    await page.getByRole('button', { name: 'Stop the camera' }).click();
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(page.locator('[data-verdict="ALREADY_USED"]')).toContainText('by gate-2@staff.example', { timeout: 45_000 });
  } finally {
    await browser.close();
  }
});

test('a gate user types references: a party is admitted by choice, unknown codes say so; a member gets 404 @once', async ({ page, browser, baseURL }) => {
  // A long walk through the console: room for a busy machine.
  test.setTimeout(120_000);
  const { order } = await paidOrder(baseURL!, 2);
  const gate = gateAddress();
  await signedInAsStaff(page, gate);
  // No camera picture (not even an empty black one) until the camera is asked for.
  await expect(page.locator('video')).toBeHidden();
  const code = page.getByLabel('Ticket code or reference');
  await code.fill(order.reference);
  await code.press('Enter');
  await expect(page.locator('[data-verdict]')).toContainText('VALID');
  await expect(page.locator('[data-verdict]')).toContainText('2 still to admit');
  await expectNoAxeViolations(page);
  // Nobody is ticked until the attendant chooses.
  await expect(page.getByRole('button', { name: 'Admit the chosen tickets (0)' })).toBeDisabled();
  await page.getByRole('checkbox', { name: new RegExp(order.tickets[0]!.reference) }).check();
  await page.getByRole('button', { name: 'Admit the chosen tickets (1)' }).click();
  await expect(page.locator('[data-verdict]')).toContainText(`Admit 1 · booking ${order.reference}`);
  await code.fill(order.tickets[0]!.reference);
  await code.press('Enter');
  await expect(page.locator('[data-verdict]')).toContainText('ALREADY USED');
  await code.fill('SKY-NOSUCH');
  await code.press('Enter');
  await expect(page.locator('[data-verdict]')).toContainText('UNKNOWN');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Today' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);

  // A member who is not staff finds nothing there.
  const member = await browser.newContext({ baseURL });
  await agreeWithSiteClock(member);
  const visitor = await member.newPage();
  const email = uniqueEmail('not-staff');
  await joinThroughApi(visitor.request, email);
  await signedInAs(visitor.request, email);
  expect((await visitor.goto('/staff/gate'))!.status()).toBe(404);
  await member.close();
});

/** Each project and worker signs in as a gate address of its own: no two tests share a gate user. */
function gateAddress() {
  return `gate-${3 + test.info().parallelIndex + (test.info().project.name === 'mobile-375' ? 0 : 2)}@staff.example`;
}
