// The gate without the network (decision 0054), in Chromium with the network cut (Playwright offline mode):
// it admits a ticket from the list it holds, refuses a second scan of it and a cancelled one, says it is
// offline and how many scans wait, and when the network returns sends them: the server has the admission.
// The kiosk view passes axe; screenshots at 375, 800 and 1280 px.
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { paidOrder, signedInAsStaff } from './staff-support';
import { expectNoAxeViolations, signedInAs } from './support';

/** A gate or manager address of this test's own (the e2e server names 12 of each). */
const staffAddress = (role: 'gate' | 'manager', first: number) => `${role}-${first + test.info().parallelIndex}@staff.example`;

test('the gate in Chromium with the network cut admits a ticket, refuses a cancelled one from its list, and syncs when the network returns @once', async ({ page, context, baseURL }) => {
  test.setTimeout(120_000);
  const { order: admitted } = await paidOrder(baseURL!, 1);
  const { order: cancelled } = await paidOrder(baseURL!, 1);
  const manager = await playwrightRequest.newContext({ baseURL });
  await signedInAs(manager, staffAddress('manager', 1));
  const cancel = await manager.post('/api/staff/bookings/cancel', { data: { reference: cancelled.reference, refund: 'full' } });
  expect(cancel.ok(), await cancel.text()).toBe(true);
  await manager.dispose();

  const gateEmail = staffAddress('gate', 1);
  await signedInAsStaff(page, gateEmail);
  await page.getByLabel('This gate').fill('North offline');
  // The day's list is on the device once the page says from when.
  const network = page.locator('[data-online]');
  await expect(network).toHaveText(/^Online: ticket list from \d{1,2}:\d{2} [AP]M$/);

  await context.setOffline(true);
  await expect(network).toHaveAttribute('data-online', 'false');
  await expect(network).toContainText('Offline: ticket list from');
  const code = page.getByLabel('Ticket code or reference');
  await code.fill(admitted.tickets[0]!.code);
  await code.press('Enter');
  await expect(page.locator('[data-verdict="VALID"]')).toContainText(`Admit 1 · booking ${admitted.reference}`);
  await expect(network).toContainText('Scans waiting to be sent: 1');
  // No undo and no party to choose offline: those need the server.
  await expect(page.getByRole('button', { name: /Undo/ })).toHaveCount(0);
  await code.fill(admitted.tickets[0]!.code);
  await code.press('Enter');
  await expect(page.locator('[data-verdict="ALREADY_USED"]')).toContainText('North offline');
  await code.fill(cancelled.tickets[0]!.code);
  await code.press('Enter');
  await expect(page.locator('[data-verdict="CANCELLED"]')).toContainText(cancelled.reference);
  // A code altered by one character is forged, told apart by the signature on the device.
  const forged = admitted.tickets[0]!.code.replace(/.(.{5})$/, (m, rest: string) => (m[0] === 'Q' ? 'R' : 'Q') + rest);
  await code.fill(forged);
  await code.press('Enter');
  await expect(page.locator('[data-verdict="FORGED"]')).toBeVisible();
  await expect(network).toContainText('Scans waiting to be sent: 1');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('offline-1280.png') });

  // The network returns: the queue is sent, and the server has the admission, at this gate.
  await context.setOffline(false);
  await expect(network).toHaveAttribute('data-online', 'true');
  await expect(network).not.toContainText('waiting', { timeout: 15_000 });
  const check = await page.request.post('/api/staff/gate/scan', { data: { code: admitted.tickets[0]!.code, gate: 'Check' } });
  expect(await check.json()).toMatchObject({ verdict: 'ALREADY_USED', usedGate: 'North offline', usedBy: gateEmail });
});

test('kiosk mode: the scanner alone, a large verdict; it passes axe; screenshots at 375, 800 and 1280 px @own-viewport', async ({ page, baseURL }) => {
  const { order } = await paidOrder(baseURL!, 1);
  await signedInAsStaff(page, staffAddress('gate', 2));
  await page.goto('/staff/gate?kiosk=1');
  await expect(page.getByRole('heading', { level: 1, name: 'Gate kiosk' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff console' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
  // Installable: the manifest reads without errors and the service worker holds the gate's address.
  await page.evaluate(() => navigator.serviceWorker.ready);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(`${baseURL}/staff/gate`);
  const cdp = await page.context().newCDPSession(page);
  const read = await cdp.send('Page.getAppManifest');
  expect(read.url).toBe(`${baseURL}/gate.webmanifest`);
  expect(read.errors).toEqual([]);
  // What Chromium's installability check asks of it: a name, a display of its own, a start page inside the
  // scope, an icon. Read here, because the headless shell that runs the suite has no such check (it answers
  // an empty list); the full browser's answer is asked too, where there is one: it may object to this test's
  // private (incognito) context only.
  expect(JSON.parse(read.data ?? '{}')).toMatchObject({ name: 'Ticket gate', display: 'standalone', start_url: '/staff/gate', scope: '/staff/gate', icons: [{ sizes: 'any', purpose: 'any' }] });
  const objections = (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors.map((e) => e.errorId);
  expect(objections.filter((id) => id !== 'in-incognito')).toEqual([]);
  await expect(page.locator('[data-online="true"]')).toContainText('Online: ticket list from');
  const code = page.getByLabel('Ticket code or reference');
  await code.fill(order.tickets[0]!.code);
  await code.press('Enter');
  await expect(page.locator('[data-verdict="VALID"]')).toBeVisible();
  await expectNoAxeViolations(page);
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: test.info().outputPath(`kiosk-${width}.png`) });
  }
  await page.goto('/staff/gate');
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: test.info().outputPath(`gate-${width}.png`), fullPage: true });
  }
});
