// The waiting room's stream as a browser meets it (GET /api/onsale/{id}/events, decision 0073; the join's own,
// decision 0075), on the test sites: a member who joined gets an event stream whose first event is what the ask
// would answer; one who did not join, and a POST, are refused with the API's JSON errors and no stream.
import { describe, expect, inject, it } from 'vitest';
import { formatDate } from '@/universal/format/date-time';
import { OPS_KEY, Visitor, staffEmail, uniqueEmail } from './sites';

/** The site's clock as New York wall-clock time, to the minute, `daysOn` days later. */
async function siteWallClock(visitor: Visitor, daysOn: number): Promise<{ at: string; day: string }> {
  const { now } = (await (await visitor.postJson('/api/dev/clock', {})).json()) as { now: string };
  const later = new Date(Date.parse(now) + daysOn * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(later);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { at: `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`, day: `${part('year')}-${part('month')}-${part('day')}` };
}

/** The first `data:` event of an event stream, parsed, and how to let the stream go. */
async function firstEvent(res: Response): Promise<{ event: unknown; close: () => Promise<void> }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const close = () => reader.cancel();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before an event: ${text}`);
    text += decoder.decode(value, { stream: true });
    const data = text.split('\n\n').flatMap((block) => block.split('\n')).find((line) => line.startsWith('data: '));
    if (data && text.includes(`${data}\n\n`)) return { event: JSON.parse(data.slice('data: '.length)), close };
  }
}

/** An on-sale of the day `daysOn` days on, opening tomorrow (whoever joins now waits in the pre-queue),
 * scheduled by manager number `managerNo`, who is returned signed in. */
async function onsaleOpeningTomorrow(url: string, managerNo: number, daysOn: number): Promise<{ manager: Visitor; day: string; id: string }> {
  const manager = new Visitor(url);
  await manager.signInAsStaff(staffEmail('manager', managerNo));
  const { day } = await siteWallClock(manager, daysOn);
  const { at: opensAt } = await siteWallClock(manager, 1);
  const scheduled = await manager.postJson('/api/staff/onsales', { productId: 'main-deck', day, opensAt, ratePerMinute: 60 });
  expect(scheduled.status, await scheduled.clone().text()).toBe(201);
  const { id } = (await scheduled.json()) as { id: string };
  return { manager, day, id };
}

/** The site's count of the waiting rooms it pushes to (the operator's metrics). */
async function streamsGauge(visitor: Visitor): Promise<number> {
  const text = await (await visitor.request('/api/metrics', { headers: { authorization: `Bearer ${OPS_KEY}` } })).text();
  return Number(/^skypass_onsale_streams (\d+)$/m.exec(text)?.[1]);
}

describe.each(inject('backends'))("the waiting room's stream on $name", ({ url }) => {
  it('pushes a member who joined what the ask would answer, and refuses a stream without a queue ticket', async () => {
    const { manager, day, id } = await onsaleOpeningTomorrow(url, 17, 61);

    const member = new Visitor(url);
    await member.signIn(uniqueEmail('stream'));
    const joined = await member.postJson(`/api/onsale/${id}`, {});
    expect(await joined.json()).toMatchObject({ phase: 'prequeue', inPrequeue: 1 });
    const stream = await member.request(`/api/onsale/${id}/events`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
    const { event, close } = await firstEvent(stream);
    expect(event).toMatchObject({ phase: 'prequeue', inPrequeue: 1, position: null, onsale: { id, day, status: 'SCHEDULED' } });
    expect((event as { pollAfterMs: number }).pollAfterMs).toBeGreaterThan(0);
    expect(event).not.toHaveProperty('pass');
    // The operator sees the stream while it is open, and no more once the browser has gone.
    expect(await streamsGauge(manager)).toBe(1);
    await close();
    await expect.poll(() => streamsGauge(manager)).toBe(0);

    // Signed in, but never joined: no ticket, no stream.
    const stranger = new Visitor(url, 'de');
    await stranger.signIn(uniqueEmail('stream-stranger'));
    const refused = await stranger.request(`/api/onsale/${id}/events`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ code: 'UNAUTHORIZED', error: 'Melden Sie sich an, um sich in die Warteschlange einzureihen.' });
    const posted = await member.postJson(`/api/onsale/${id}/events`, {});
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET');
    const unknown = await member.request('/api/onsale/not-an-id/events');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe('NOT_FOUND');
    // The sites are shared: no live on-sale is left behind for the files after this one.
    expect((await manager.postJson('/api/staff/onsales/stop', { id })).status).toBe(200);
  });

  it('answers a join that asks for the stream with the stream itself, the join first; a join with nothing to wait for, and a refusal, in JSON', async () => {
    const { manager, day, id } = await onsaleOpeningTomorrow(url, 18, 63);
    const askingForTheStream = { accept: 'text/event-stream' };

    const member = new Visitor(url);
    await member.signIn(uniqueEmail('join-stream'));
    const joined = await member.postJson(`/api/onsale/${id}`, {}, askingForTheStream);
    expect(joined.status).toBe(200);
    expect(joined.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(joined.headers.get('cache-control')).toBe('no-store, no-transform');
    // The queue ticket comes with the stream's head, so that a cut stream can be opened again on its own.
    expect(member.hasCookie(`skypass-queue-${id}`)).toBe(true);
    const { event, close } = await firstEvent(joined);
    expect(event).toMatchObject({ phase: 'prequeue', inPrequeue: 1, position: null, onsale: { id, day, status: 'SCHEDULED' } });
    expect(await streamsGauge(manager)).toBe(1);
    await close();
    await expect.poll(() => streamsGauge(manager)).toBe(0);
    // Joining again keeps the place: the same answer, streamed again.
    const again = await member.postJson(`/api/onsale/${id}`, {}, askingForTheStream);
    const second = await firstEvent(again);
    expect(second.event).toMatchObject({ phase: 'prequeue', inPrequeue: 1 });
    await second.close();

    // Not signed in: the API's JSON refusal, no stream.
    const visitor = new Visitor(url, 'fr');
    const refused = await visitor.postJson(`/api/onsale/${id}`, {}, askingForTheStream);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await refused.json()) as { code: string }).code).toBe('UNAUTHORIZED');
    // Once the on-sale is over there is nothing to wait for: the answer is JSON, and says to go straight through.
    expect((await manager.postJson('/api/staff/onsales/stop', { id })).status).toBe(200);
    const over = await member.postJson(`/api/onsale/${id}`, {}, askingForTheStream);
    expect(over.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await over.json()).toMatchObject({ phase: 'over' });
  });

  it("renders the waiting room with the pre-queue's rule before the member has joined, its opening in New York", async () => {
    const manager = new Visitor(url);
    await manager.signInAsStaff(staffEmail('manager', 17));
    const { day } = await siteWallClock(manager, 62);
    // An evening opening: 9:30 PM in New York is already the next day in UTC.
    const { day: tomorrow } = await siteWallClock(manager, 1);
    const scheduled = await manager.postJson('/api/staff/onsales', { productId: 'main-deck', day, opensAt: `${tomorrow}T21:30`, ratePerMinute: 60 });
    expect(scheduled.status, await scheduled.clone().text()).toBe(201);
    const { id } = (await scheduled.json()) as { id: string };

    const member = new Visitor(url);
    await member.signIn(uniqueEmail('room-html'));
    const page = await member.request(`/onsale/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // In the HTML, before any script has joined the queue (decision 0074): the rule, then "Joining…".
    expect(html).toContain(`The sale opens at 9:30 PM on ${formatDate(tomorrow)} (New York time).`);
    expect(html.indexOf('The sale opens at')).toBeLessThan(html.indexOf('Joining the queue…'));
    expect((await manager.postJson('/api/staff/onsales/stop', { id })).status).toBe(200);
  });
});
