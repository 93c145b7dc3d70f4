// The fair on-sale as a manager and a buyer meet it (issue #26, deliverable 2, decision 0056): a manager
// schedules an on-sale of Main Deck for one day on /staff/calendar; five buyers queue before a Japanese member,
// who opens the waiting room, sees their place fall as the queue lets buyers through (pushed on the waiting
// room's event stream, decision 0073), and is taken to /ja/products with a pass that books that day once; a
// member without a pass is refused. A join whose stream is cut (decision 0075) goes on by the stream opened apart.
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixed-clock';
import { expectNoAxeViolations, joinThroughApi, openDay, signedInAs, signedInAsNewMember, uniqueEmail } from './support';
import { signedInAsStaff } from './staff-support';

test.describe.configure({ timeout: 150_000 });

/** The site's clock as New York wall-clock time, to the minute: "2027-05-12T10:03". */
async function siteWallClock(request: APIRequestContext): Promise<string> {
  const { now } = (await (await request.post('/api/dev/clock', { data: {} })).json()) as { now: string };
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(now));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** An on-sale of Main Deck on `day`, opening now and letting `ratePerMinute` through, scheduled by `manager`
 * through the API: its id. */
async function onsaleOpeningNow(request: APIRequestContext, baseURL: string, manager: string, day: string, ratePerMinute: number): Promise<string> {
  const context = await playwrightRequest.newContext({ baseURL });
  await signedInAs(context, manager);
  const scheduled = await context.post('/api/staff/onsales', { data: { productId: 'main-deck', day, opensAt: await siteWallClock(request), ratePerMinute } });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const { id } = (await scheduled.json()) as { id: string };
  await context.dispose();
  return id;
}

async function member(baseURL: string, label: string) {
  const context = await playwrightRequest.newContext({ baseURL });
  const email = uniqueEmail(label);
  await joinThroughApi(context, email);
  await signedInAs(context, email);
  return context;
}

test('a buyer waits in the queue in Japanese, sees the place fall and reaches /products with a pass @own-viewport', async ({ page, browser, request, baseURL }, testInfo) => {
  const day = await openDay(request, 'main-deck', 'main-deck-day', testInfo.project.name === 'mobile-375' ? 110 : 100);

  // The manager schedules the on-sale: opening now, 30 buyers a minute (one every 2 s).
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signedInAsStaff(manager, 'manager-10@staff.example');
  await manager.goto('/staff/calendar');
  const form = manager.getByTestId('onsale-form');
  await form.getByLabel('Product sold').selectOption('main-deck');
  await form.getByLabel('Day sold').fill(day);
  await form.getByLabel('Opens at (New York time)').fill(await siteWallClock(request));
  await form.getByLabel('Buyers let through a minute').fill('30');
  await form.getByRole('button', { name: 'Schedule the on-sale' }).click();
  await expect(manager.getByText('The on-sale is scheduled.')).toBeVisible();
  // This test's on-sale (the other width's runs at the same time on another day).
  const [y, m, d] = day.split('-').map(Number);
  const row = manager.getByTestId('onsale-list').locator('tr[data-onsale]').filter({ hasText: `Main Deck on ${new Intl.DateTimeFormat('en', { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d!, 12)))} ${m}/${d}/${y}` });
  await expect(row).toBeVisible();
  const onsaleId = (await row.getAttribute('data-onsale'))!;
  if (testInfo.project.name === 'desktop-1280') {
    for (const width of [375, 800, 1280]) {
      await manager.setViewportSize({ width, height: 900 });
      await manager.screenshot({ path: testInfo.outputPath(`staff-onsale-${width}.png`), fullPage: true });
    }
  }
  await expectNoAxeViolations(manager);
  await managerContext.close();

  // Five buyers are in line first (the first of them opens the queue: nobody was in the pre-queue).
  const others: APIRequestContext[] = [];
  for (let i = 0; i < 5; i++) {
    const other = await member(baseURL!, `onsale-early-${i}`);
    const joined = await other.post(`/api/onsale/${onsaleId}`, { data: {} });
    expect(joined.status(), await joined.text()).toBe(200);
    others.push(other);
  }

  // The Japanese member opens the waiting room.
  await signedInAsNewMember(page, 'onsale-ja', null);
  const asks: string[] = [];
  const streams: string[] = [];
  const joins: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === `/api/onsale/${onsaleId}` && r.method() === 'GET') asks.push(path);
    if (path === `/api/onsale/${onsaleId}/events`) streams.push(path);
  });
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === `/api/onsale/${onsaleId}` && r.request().method() === 'POST') joins.push(r.headers()['content-type'] ?? '');
  });
  await page.goto(`/ja/onsale/${onsaleId}`);
  await expect(page.getByRole('heading', { name: '順番待ちの列に並んでいます' })).toBeVisible();
  const position = page.getByTestId('queue-position');
  await expect(position).toBeVisible();
  const first = Number(await position.textContent());
  expect(first).toBeGreaterThan(1);
  await expect(page.getByText('このページは自動で更新されます。')).toBeVisible();
  await expect(page.getByText(/^待ち時間の目安：/)).toBeVisible();
  await expectNoAxeViolations(page);
  if (testInfo.project.name === 'desktop-1280') {
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`queue-ja-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  // The place falls by itself (no reload), then the turn comes and the page goes on to the tickets.
  await expect.poll(async () => Number((await position.textContent({ timeout: 1_000 }).catch(() => '0')) ?? 0), { timeout: 30_000 }).toBeLessThan(first);
  await expect(page).toHaveURL(/\/ja\/products$/, { timeout: 30_000 });
  // The place came on the join's own stream (one request while waiting, no stream opened apart): the page
  // asked only when its turn came (asking every 2 s near the front, as without a stream, would have made one
  // ask for each of those seconds).
  expect(joins).toEqual([expect.stringMatching(/^text\/event-stream/)]);
  expect(streams).toEqual([]);
  expect(asks.length).toBeLessThanOrEqual(2);
  const cookies = await page.context().cookies();
  expect(cookies.some((c) => c.name === `skypass-onsale-${onsaleId}` && c.httpOnly)).toBe(true);

  // The pass books that day once; a member who did not queue is sent to the queue.
  const slots = await request.post('/api/auth/octo/products/availability', { data: { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedDate: day } });
  const slot = ((await slots.json()) as { id: string; available: boolean }[]).find((s) => s.available)!;
  const booking = { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot.id };
  const booked = await page.request.post('/api/auth/octo/bookings/payWithPayment', { data: booking });
  expect(booked.status(), await booked.text()).toBe(201);
  const again = await page.request.post('/api/auth/octo/bookings/payWithPayment?locale=ja', { data: booking });
  expect(again.status()).toBe(403);
  expect(await again.json()).toEqual({ code: 'QUEUE_REQUIRED', error: '順番待ちのパスはすでに予約に使われています。' });
  const stranger = await member(baseURL!, 'onsale-stranger');
  const refused = await stranger.post('/api/auth/octo/bookings/payWithPayment', { data: booking });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('QUEUE_REQUIRED');
  await Promise.all([...others, stranger].map((c) => c.dispose()));
});

test('while the queue store is slow the waiting room says busy in French, joins again, and shows the place once it answers @own-viewport', async ({ page, request, baseURL }, testInfo) => {
  const day = await openDay(request, 'main-deck', 'main-deck-day', testInfo.project.name === 'mobile-375' ? 114 : 104);
  const onsaleId = await onsaleOpeningNow(request, baseURL!, 'manager-11@staff.example', day, 1);
  // Two buyers ahead, so that at one a minute the member waits in line.
  const others: APIRequestContext[] = [];
  for (let i = 0; i < 2; i++) {
    const other = await member(baseURL!, `onsale-busy-ahead-${i}`);
    expect((await other.post(`/api/onsale/${onsaleId}`, { data: {} })).status()).toBe(200);
    others.push(other);
  }

  // The queue answers "busy" (what the API says while its store is too slow) until the store is let answer.
  let slow = true;
  const busyAsks: string[] = [];
  const realAsks: string[] = [];
  await page.route(`**/api/onsale/${onsaleId}`, async (route) => {
    if (slow) {
      busyAsks.push(route.request().method());
      await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'Retry-After': '5' }, body: JSON.stringify({ phase: 'busy', busy: true }) });
    } else {
      realAsks.push(route.request().method());
      await route.continue();
    }
  });
  await signedInAsNewMember(page, 'onsale-busy-fr', null);
  await page.goto(`/fr/onsale/${onsaleId}`);
  const queue = page.getByTestId('queue');
  await expect(queue).toHaveAttribute('data-phase', 'busy');
  await expect(page.getByText(/^La file d'attente est très chargée en ce moment\./)).toBeVisible();
  // Not "you keep your place": a join answered busy may not have landed yet (it is tried again).
  await expect(page.getByText('Cette page se met à jour toute seule.', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Aller aux billets' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  if (testInfo.project.name === 'desktop-1280') {
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`queue-busy-fr-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  // It asks again by itself, joining again while its join was answered busy.
  await expect.poll(() => busyAsks.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  expect(busyAsks.every((m) => m === 'POST')).toBe(true);
  // The store answers again: the next ask joins for real and the member sees their place behind the two.
  slow = false;
  await expect(page.getByTestId('queue-position')).toBeVisible({ timeout: 30_000 });
  expect(realAsks[0]).toBe('POST');
  expect(Number(await page.getByTestId('queue-position').textContent())).toBeGreaterThanOrEqual(1);
  await Promise.all(others.map((c) => c.dispose()));
});

test('a waiting room whose join stream is cut opens the stream again on its own and still reaches the turn @own-viewport', async ({ page, request, baseURL }, testInfo) => {
  const day = await openDay(request, 'main-deck', 'main-deck-day', testInfo.project.name === 'mobile-375' ? 118 : 108);
  const onsaleId = await onsaleOpeningNow(request, baseURL!, 'manager-12@staff.example', day, 30);
  const ahead = await member(baseURL!, 'onsale-cut-ahead');
  expect((await ahead.post(`/api/onsale/${onsaleId}`, { data: {} })).status()).toBe(200);

  // The join's stream says the member's place, then is cut (a balancer's timeout, say): its body ends there.
  const joinsAsked: string[] = [];
  const streams: string[] = [];
  page.on('request', (r) => new URL(r.url()).pathname === `/api/onsale/${onsaleId}/events` && streams.push(r.method()));
  await page.route(`**/api/onsale/${onsaleId}`, async (route) => {
    if (route.request().method() !== 'POST' || joinsAsked.length > 0) return route.continue();
    joinsAsked.push(route.request().headers().accept ?? '');
    const answer = await route.fetch({ headers: { ...route.request().headers(), accept: 'application/json' } });
    // Its head as the server sent it (the queue ticket's cookie), the type and length of the new body.
    const headers = Object.fromEntries(Object.entries(answer.headers()).filter(([name]) => name !== 'content-length' && name !== 'content-type'));
    await route.fulfill({ status: 200, headers: { ...headers, 'content-type': 'text/event-stream; charset=utf-8' }, body: `retry: 3000\n\ndata: ${await answer.text()}\n\n` });
  });
  await signedInAsNewMember(page, 'onsale-cut', null);
  await page.goto(`/onsale/${onsaleId}`);
  await expect(page.getByTestId('queue-position')).toBeVisible();
  expect(joinsAsked).toEqual([expect.stringContaining('text/event-stream')]);
  // The page opens the stream apart (with the ticket the join set), and the turn comes on it.
  await expect.poll(() => streams.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await expect(page).toHaveURL(/\/products$/, { timeout: 30_000 });
  await ahead.dispose();
});
