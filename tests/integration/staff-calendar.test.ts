// The staff calendar (decision 0020): managers close and reopen days and change slots' capacities; the
// site, its calendar (with the reason) and the OCTO API follow at once; a capacity is never set below
// the places sold or held, even while holds race for the same slot; every change is in the audit log;
// the operator's commands (scripts/ops.mjs) do the same.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { addLocalDays, todayIn } from '@/universal/local-date';
import { OCTO_KEY, OPS_KEY, Visitor, staffEmail, uniqueEmail } from './sites';
import { NY } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const run = promisify(execFile);

/** Days far ahead that no other test books or closes (others stay within 60 days). */
const ahead = (days: number) => addLocalDays(todayIn(NY, serverNow()), days);

const CALLS = [
  { method: 'GET', path: () => `/api/staff/calendar?month=${ahead(100).slice(0, 7)}` },
  { method: 'GET', path: () => `/api/staff/calendar/day?date=${ahead(100)}` },
  { method: 'POST', path: () => '/api/staff/calendar/open', body: { date: ahead(101) } },
  { method: 'POST', path: () => '/api/staff/calendar/close', body: { date: ahead(101), reason: 'Access test' } },
  { method: 'POST', path: () => '/api/staff/calendar/capacity', body: { optionId: 'express-main', date: ahead(101), capacity: 'reset' } },
] as const;

type DayDetail = { closed: boolean; reason: string | null; bookings: number; options: { optionId: string; slots: { time: string; capacity: number; taken: number }[] }[] };

describe.each(inject('backends'))('the staff calendar on $name', ({ url }) => {
  const octo = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });
  const ops = (path: string, body: unknown) => new Visitor(url).postJson(path, body, { authorization: `Bearer ${OPS_KEY}` });
  // One manager for the whole file: sign-in links are rate-limited per address.
  const manager = new Visitor(url);
  beforeAll(async () => {
    await manager.signInAsStaff(staffEmail('manager', 14));
  });
  const slotOf = async (date: string, optionId: string, time: string) => {
    const day = (await (await manager.request(`/api/staff/calendar/day?date=${date}`)).json()) as DayDetail;
    return day.options.find((o) => o.optionId === optionId)!.slots.find((s) => s.time === time)!;
  };

  it('is for managers: anonymous 401, member 404, gate staff 403, manager 200', async () => {
    const anonymous = new Visitor(url);
    const member = new Visitor(url);
    await member.signIn(uniqueEmail('calendar-member'));
    const gate = new Visitor(url);
    await gate.signInAsStaff(staffEmail('gate', 14));
    const call = (v: Visitor, c: (typeof CALLS)[number]) => ('body' in c ? v.postJson(c.path(), c.body) : v.request(c.path()));
    for (const c of CALLS) {
      expect((await call(anonymous, c)).status, `${c.path()} anonymous`).toBe(401);
      expect((await call(member, c)).status, `${c.path()} member`).toBe(404);
      const g = await call(gate, c);
      expect(g.status, `${c.path()} gate`).toBe(403);
      expect(await g.json()).toEqual({ code: 'FORBIDDEN', error: 'Only a manager may do this' });
      expect((await call(manager, c)).status, `${c.path()} manager`).toBe(200);
    }
    // The staff page too: a gate user reads that it is for managers.
    expect((await gate.request('/staff/calendar')).status).toBe(403);
    expect((await manager.request('/staff/calendar')).status).toBe(200);
  });

  it('closes a day for the site and OCTO with the reason on the site’s calendar, keeps its bookings, and reopens it', async () => {
    const date = ahead(103);
    const [first] = await octo.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDate: date });
    const held = await octo.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: first!.id, unitItems: [{ unitId: 'adult' }] } as never);

    const closed = await manager.postJson('/api/staff/calendar/close', { date, reason: 'Private event' });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ date, closed: true, reason: 'Private event', changed: true, bookings: 1 });
    // Closing again is idempotent.
    expect(await (await manager.postJson('/api/staff/calendar/close', { date, reason: 'Private event' })).json()).toMatchObject({ changed: false });

    const visitor = new Visitor(url, 'fr');
    const calendar = (await (await visitor.postJson('/api/auth/octo/products/availabilityCalendar', { productId: 'main-deck', optionId: 'main-deck-day', month: date.slice(0, 7) })).json()) as {
      localDate: string;
      status: string;
      closedReason?: string;
    }[];
    expect(calendar.find((d) => d.localDate === date)).toEqual({ localDate: date, status: 'CLOSED', available: false, closedReason: 'Private event' });
    const slots = (await (await visitor.postJson('/api/auth/octo/products/availability', { productId: 'main-deck', optionId: 'main-deck-day', selectedDate: date, quantities: { adult: 1 } })).json()) as {
      status: string;
      available: boolean;
    }[];
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.status === 'CLOSED' && !s.available)).toBe(true);
    const octoDay = await octo.availabilityCalendar({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: date, localDateEnd: date });
    expect(octoDay[0]!.status).toBe('CLOSED');
    const octoSlots = await octo.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDate: date });
    expect(octoSlots.every((s) => s.status === 'CLOSED')).toBe(true);
    // No new sale on the closed day; the hold made before is still there.
    await expect(octo.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: held.availabilityId, unitItems: [{ unitId: 'adult' }] } as never)).rejects.toThrow();
    expect((await octo.getBooking(held.uuid)).status).toBe('ON_HOLD');
    // Today's banner for the staff.
    expect(await (await manager.request(`/api/staff/today?date=${date}`)).json()).toMatchObject({ closed: { reason: 'Private event' } });

    const opened = await manager.postJson('/api/staff/calendar/open', { date });
    expect(await opened.json()).toMatchObject({ date, closed: false, changed: true });
    const again = (await (await visitor.postJson('/api/auth/octo/products/availabilityCalendar', { productId: 'main-deck', optionId: 'main-deck-day', month: date.slice(0, 7) })).json()) as { localDate: string; status: string }[];
    expect(again.find((d) => d.localDate === date)!.status).not.toBe('CLOSED');
    expect((await octo.availabilityCalendar({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: date, localDateEnd: date }))[0]!.status).not.toBe('CLOSED');

    const audit = (await (await manager.request('/api/staff/audit')).json()) as { entries: { action: string; target: string; before: unknown; after: unknown; actorEmail: string }[] };
    expect(audit.entries).toContainEqual(expect.objectContaining({ action: 'day.close', target: date, before: { closed: false }, after: { closed: true, reason: 'Private event' }, actorEmail: staffEmail('manager', 14) }));
    expect(audit.entries).toContainEqual(expect.objectContaining({ action: 'day.open', target: date, before: { closed: true, reason: 'Private event' }, after: { closed: false } }));
  });

  it('refuses bad input with a clear message in the caller’s language, and changes nothing', async () => {
    const date = ahead(104);
    const yesterday = ahead(-1);
    const cases: [string, unknown, number, string][] = [
      ['/api/staff/calendar/close', { date: yesterday, reason: 'Storm' }, 422, `Der ${yesterday} ist vorbei: Wählen Sie heute oder einen späteren Tag`],
      ['/api/staff/calendar/close', { date, reason: '   ' }, 422, 'Geben Sie den Grund für die Schließung des Tages an (1 bis 200 Zeichen)'],
      ['/api/staff/calendar/close', { date, reason: 'x'.repeat(201) }, 422, 'Geben Sie den Grund für die Schließung des Tages an (1 bis 200 Zeichen)'],
      ['/api/staff/calendar/close', { date: '2026-02-30', reason: 'Storm' }, 422, 'Das Datum muss das Format 2026-11-21 haben'],
      ['/api/staff/calendar/open', { date: '2027-12-25' }, 409, 'Der 2027-12-25 ist im Katalog (config/catalog.json) geschlossen und kann hier nicht wieder geöffnet werden'],
      ['/api/staff/calendar/capacity', { optionId: 'no-such', date, capacity: 5 }, 422, 'Die Ticketoption no-such gibt es nicht'],
      ['/api/staff/calendar/capacity', { optionId: 'express-main', date, time: '09:15', capacity: 5 }, 422, `Die Option express-main hat am ${date} kein Zeitfenster um 09:15`],
      ['/api/staff/calendar/capacity', { optionId: 'express-main', date, capacity: 10_001 }, 422, 'Die Kapazität muss eine ganze Zahl von 0 bis 10000 sein'],
      ['/api/staff/calendar/capacity', { optionId: 'express-main', date, capacity: 2.5 }, 422, 'Die Kapazität muss eine ganze Zahl von 0 bis 10000 sein'],
      ['/api/staff/calendar/capacity', { optionId: 'express-main', date, capacity: -1 }, 422, 'Die Kapazität muss eine ganze Zahl von 0 bis 10000 sein'],
      ['/api/staff/calendar/capacity', { optionId: 'express-main', date, capacity: 'lots' }, 422, 'Die Kapazität muss eine ganze Zahl von 0 bis 10000 sein'],
      ['/api/staff/calendar/capacity', { optionId: 'express-main', date: yesterday, capacity: 5 }, 422, `Der ${yesterday} ist vorbei: Wählen Sie heute oder einen späteren Tag`],
    ];
    for (const [path, body, status, error] of cases) {
      const res = await manager.postJson(path, body, { 'accept-language': 'de' });
      expect(res.status, JSON.stringify(body)).toBe(status);
      const answer = (await res.json()) as { error: string; code: string };
      expect(answer.error.replace(/^[\w.]+: /, ''), JSON.stringify(body)).toBe(error);
    }
    const month = (await (await manager.request('/api/staff/calendar?month=2026-13')).json()) as { code: string };
    expect(month.code).toBe('VALIDATION');
    const day = (await (await manager.request(`/api/staff/calendar/day?date=${date}`)).json()) as DayDetail;
    expect(day.closed).toBe(false);
    expect(day.options.find((o) => o.optionId === 'express-main')!.slots.every((s) => s.capacity === 30)).toBe(true);
  });

  it('changes capacity for holds at once, refuses a capacity below what is taken (409, unchanged), and resets', async () => {
    const date = ahead(105);
    const [slot] = await octo.availability({ productId: 'express-pass', optionId: 'express-main', localDate: date });
    const time = slot!.localDateTimeStart.slice(11, 16);
    const set = await manager.postJson('/api/staff/calendar/capacity', { optionId: 'express-main', date, time, capacity: 3 });
    expect(await set.json()).toMatchObject({ slots: [{ time, before: 30, after: 3, taken: 0 }] });
    expect((await octo.availability({ productId: 'express-pass', optionId: 'express-main', availabilityIds: [slot!.id] }))[0]).toMatchObject({ capacity: 3, vacancies: 3 });

    await octo.createBooking({ productId: 'express-pass', optionId: 'express-main', availabilityId: slot!.id, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] } as never);
    await expect(octo.createBooking({ productId: 'express-pass', optionId: 'express-main', availabilityId: slot!.id, unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] } as never)).rejects.toThrow();

    const below = await manager.postJson('/api/staff/calendar/capacity', { optionId: 'express-main', date, time, capacity: 1 });
    expect(below.status).toBe(409);
    expect(await below.json()).toEqual({
      code: 'CAPACITY_TAKEN',
      error: `The ${time} slot on ${date} already has 2 places sold or held, so its capacity cannot be 1. Nothing was changed.`,
    });
    expect((await slotOf(date, 'express-main', time)).capacity).toBe(3);
    // The whole day: one full slot refuses it all.
    const day = await manager.postJson('/api/staff/calendar/capacity', { optionId: 'express-main', date, capacity: 1 });
    expect(day.status).toBe(409);
    const detail = (await (await manager.request(`/api/staff/calendar/day?date=${date}`)).json()) as DayDetail;
    expect(detail.options.find((o) => o.optionId === 'express-main')!.slots.map((s) => s.capacity)).toEqual(
      detail.options.find((o) => o.optionId === 'express-main')!.slots.map((s) => (s.time === time ? 3 : 30)),
    );
    const whole = await manager.postJson('/api/staff/calendar/capacity', { optionId: 'express-main', date, capacity: 20 });
    expect(((await whole.json()) as { slots: unknown[] }).slots).toHaveLength(detail.options.find((o) => o.optionId === 'express-main')!.slots.length);
    expect(await (await manager.postJson('/api/staff/calendar/capacity', { optionId: 'express-main', date, time, capacity: 'reset' })).json()).toMatchObject({
      slots: [{ time, before: 20, after: 30, taken: 2 }],
    });
    const audit = (await (await manager.request('/api/staff/audit')).json()) as { entries: { action: string; target: string }[] };
    expect(audit.entries).toContainEqual(expect.objectContaining({ action: 'capacity.set', target: `express-main ${date} ${time}` }));
    expect(audit.entries).toContainEqual(expect.objectContaining({ action: 'capacity.reset', target: `express-main ${date} ${time}` }));
  });

  it('never leaves more places taken than the capacity while holds and reductions race', async () => {
    const date = ahead(106);
    const [, slot] = await octo.availability({ productId: 'express-pass', optionId: 'express-main', localDate: date });
    const time = slot!.localDateTimeStart.slice(11, 16);
    expect((await manager.postJson('/api/staff/calendar/capacity', { optionId: 'express-main', date, time, capacity: 16 })).status).toBe(200);

    const targets = [14, 12, 10, 8, 6, 4];
    const holds = Array.from({ length: 20 }, () =>
      octo.createBooking({ productId: 'express-pass', optionId: 'express-main', availabilityId: slot!.id, unitItems: [{ unitId: 'adult' }] } as never).then(
        () => true,
        () => false,
      ),
    );
    const reductions = targets.map((capacity) => manager.postJson('/api/staff/calendar/capacity', { optionId: 'express-main', date, time, capacity }).then((r) => ({ capacity, status: r.status })));
    const [held, reduced] = await Promise.all([Promise.all(holds), Promise.all(reductions)]);

    const final = await slotOf(date, 'express-main', time);
    const granted = held.filter(Boolean).length;
    expect(final.taken).toBe(granted);
    expect(final.taken).toBeLessThanOrEqual(final.capacity);
    expect(reduced.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const accepted = reduced.filter((r) => r.status === 200).map((r) => r.capacity);
    // The capacity is the last accepted reduction's (or the 16 set before): a refused one changed nothing.
    expect([16, ...accepted]).toContain(final.capacity);
    const audit = (await (await manager.request('/api/staff/audit')).json()) as { entries: { action: string; target: string; after: { capacity: number }[] }[] };
    const entries = audit.entries.filter((e) => e.action === 'capacity.set' && e.target === `express-main ${date} ${time}`);
    expect(entries.map((e) => e.after[0]!.capacity).sort((a, b) => a - b)).toEqual([16, ...accepted].sort((a, b) => a - b));
  });

  it('runs the operator’s commands: close-day, open-day and set-capacity with scripts/ops.mjs', async () => {
    const date = ahead(107);
    const env = { ...process.env, SKYPASS_URL: url, OPS_API_KEY: OPS_KEY };
    const closed = await run('node', ['scripts/ops.mjs', 'close-day', date, 'Private event'], { env });
    expect(closed.stdout).toContain(`${date} is closed (Private event). 0 booking(s) on this day stay valid`);
    expect((await octo.availabilityCalendar({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: date, localDateEnd: date }))[0]!.status).toBe('CLOSED');
    expect((await run('node', ['scripts/ops.mjs', 'open-day', date], { env })).stdout).toContain(`${date} is open again.`);
    const capacity = await run('node', ['scripts/ops.mjs', 'set-capacity', 'express-main', date, '10:00', '7'], { env });
    expect(capacity.stdout).toContain(`express-main ${date} 10:00: capacity 30 -> 7 (0 taken)`);
    const reset = await run('node', ['scripts/ops.mjs', 'set-capacity', 'express-main', date, 'reset'], { env });
    expect(reset.stdout).toContain(`express-main ${date} 10:00: capacity 7 -> 30 (0 taken)`);
    const refused = await run('node', ['scripts/ops.mjs', 'set-capacity', 'express-main', date, '10:15', '7'], { env }).catch((e: { stderr: string; code: number }) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(`Refused (422): Option express-main has no slot at 10:15 on ${date}`);
    // The operator API itself: without the key, nothing changes.
    expect((await new Visitor(url).postJson('/api/ops/calendar/close', { date, reason: 'x' })).status).toBe(401);
    expect((await ops('/api/ops/calendar/open', { date })).status).toBe(200);
  });
});
