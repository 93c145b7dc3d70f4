// The reports over HTTP: managers only (and the operator's key); the figures move exactly by the
// bookings made here (website orders, one cancelled with a partial refund by the operator, a reseller's
// booking through /octo, sign-ups); the CSV says the same as the JSON; bad periods are a clear 400.
import { describe, expect, inject, it } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { todayIn } from '@/universal/local-date';
import { OCTO_KEY, OPS_KEY, Visitor, staffEmail, uniqueEmail } from './sites';
import { adults, firstSlot, NY, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

type Figures = { bookings: number; tickets: number; gross: number; refunds: number; net: number };
type Report = {
  range: { from: string; to: string };
  sales: { byDay: (Figures & { date: string })[]; byChannel: (Figures & { channel: string })[]; totals: Figures };
  members: { total: number };
  generatedAt: string;
};

function parseCsv(text: string): string[][] {
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

describe.each(inject('backends'))('reports over HTTP on $name', ({ url }) => {
  const ops = (query: string, key = OPS_KEY) => fetch(`${url}/api/ops/report${query}`, { headers: { authorization: `Bearer ${key}` } });

  it('lets managers and the operator read them, and no one else', async () => {
    const anonymous = new Visitor(url);
    const member = new Visitor(url);
    await member.signIn(uniqueEmail('report-reader'));
    const gate = new Visitor(url, 'fr');
    await gate.signInAsStaff(staffEmail('gate', 9));
    const manager = new Visitor(url);
    await manager.signInAsStaff(staffEmail('manager', 9));
    for (const path of ['/api/staff/reports', '/api/staff/reports/csv?report=tokens']) {
      expect((await anonymous.request(path)).status, path).toBe(401);
      expect((await member.request(path)).status, path).toBe(404);
      const refused = await gate.request(path);
      expect(refused.status, path).toBe(403);
      expect(await refused.json()).toEqual({ code: 'FORBIDDEN', error: expect.any(String) });
      expect((await manager.request(path)).status, path).toBe(200);
    }
    expect((await ops('', 'wrong-key-0123456789')).status).toBe(401);
    expect((await ops('')).status).toBe(200);
    // The page: managers see it, gate staff read that it is closed to them.
    expect((await manager.request('/staff/reports')).status).toBe(200);
    expect((await gate.request('/staff/reports')).status).toBe(403);
    expect((await member.request('/staff/reports')).status).toBe(404);
  });

  it('moves by exactly the sales, refunds and sign-ups made, and says the same in CSV', async () => {
    const manager = new Visitor(url);
    await manager.signInAsStaff(staffEmail('manager', 10));
    const today = todayIn(NY, serverNow());
    const read = async () => (await (await manager.request(`/api/staff/reports?from=${today}&to=${today}`)).json()) as Report;
    const channel = (r: Report, id: string) => r.sales.byChannel.find((c) => c.channel === id) ?? { bookings: 0, tickets: 0, gross: 0, refunds: 0, net: 0 };
    const before = await read();

    const octo = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });
    const day = await openDay(octo, 'main-deck', 'main-deck-day', 50, 4);
    const selectedTime = await firstSlot(octo, 'main-deck', 'main-deck-day', day);
    const references: string[] = [];
    for (const quantity of [2, 1]) {
      const buyer = new Visitor(url);
      await buyer.signIn(uniqueEmail('report-buyer'));
      const started = (await (await buyer.postJson('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: quantity }, selectedTime })).json()) as {
        paymentSession: { id: string };
      };
      const paid = (await (await buyer.postJson('/api/payments/test/pay', { sessionId: started.paymentSession.id, card: CARD })).json()) as { order: { reference: string } };
      references.push(paid.order.reference);
    }
    const cancelled = await fetch(`${url}/api/ops/cancel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reference: references[1], refund: 1000 }),
    });
    expect(cancelled.status).toBe(200);
    const held = await octo.createBooking({ uuid: crypto.randomUUID(), productId: 'main-deck', optionId: 'main-deck-day', availabilityId: selectedTime, unitItems: adults(3) });
    await octo.confirmBooking(held.uuid, { contact: { fullName: 'Reseller Guest' } });

    const after = await read();
    const delta = (a: Figures, b: Figures) => ({ bookings: a.bookings - b.bookings, tickets: a.tickets - b.tickets, gross: a.gross - b.gross, refunds: a.refunds - b.refunds, net: a.net - b.net });
    expect(delta(channel(after, 'website'), channel(before, 'website'))).toEqual({ bookings: 2, tickets: 3, gross: 13_200, refunds: 1_000, net: 12_200 });
    expect(delta(channel(after, 'contract-tests'), channel(before, 'contract-tests'))).toEqual({ bookings: 1, tickets: 3, gross: 13_200, refunds: 0, net: 13_200 });
    expect(delta(after.sales.totals, before.sales.totals)).toEqual({ bookings: 3, tickets: 6, gross: 26_400, refunds: 1_000, net: 25_400 });
    expect(after.members.total - before.members.total).toBe(2);

    // The CSV of the same period: an attachment, the header, and the JSON's figures in cents and dollars.
    const csv = await manager.request(`/api/staff/reports/csv?report=sales-by-channel&from=${today}&to=${today}`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="skypass-sales-by-channel-${today}-to-${today}.csv"`);
    const rows = parseCsv(await csv.text());
    expect(rows[0]).toEqual(['channel_id', 'channel', 'bookings', 'tickets', 'gross_minor', 'gross', 'refunds_minor', 'refunds', 'net_minor', 'net', 'currency']);
    const website = channel(after, 'website');
    expect(rows.find((r) => r[0] === 'website')).toEqual([
      'website',
      'this website',
      String(website.bookings),
      String(website.tickets),
      String(website.gross),
      (website.gross / 100).toFixed(2),
      String(website.refunds),
      (website.refunds / 100).toFixed(2),
      String(website.net),
      (website.net / 100).toFixed(2),
      'USD',
    ]);
    const byDay = parseCsv(await (await manager.request(`/api/staff/reports/csv?report=sales-by-day&from=${today}&to=${today}`)).text());
    expect(byDay[1]?.slice(0, 5)).toEqual([today, String(after.sales.totals.bookings), String(after.sales.totals.tickets), String(after.sales.totals.gross), (after.sales.totals.gross / 100).toFixed(2)]);

    // The operator's report is the managers' report. Both are read at one moment: tokens are issued in the
    // background (a sign-in's welcome token seconds later), so a token may land between two reads.
    const sameMoment = async () => {
      const [operator, managers] = await Promise.all([ops(`?from=${today}&to=${today}`).then(async (r) => (await r.json()) as Report), read()]);
      return { operator: { ...operator, generatedAt: '' }, managers: { ...managers, generatedAt: '' } };
    };
    await expect.poll(async () => { const { operator, managers } = await sameMoment(); return JSON.stringify(operator) === JSON.stringify(managers) ? 'same' : JSON.stringify({ operator, managers }); }, { timeout: 20_000, interval: 500 }).toBe('same');
    const members = await ops(`?from=${today}&to=${today}&report=members`);
    expect(parseCsv(await members.text())).toEqual([['date', 'members_joined'], [today, String(after.members.total)]]);
  });

  it('refuses a bad period or report with a clear 400 in the caller’s language', async () => {
    const manager = new Visitor(url, 'fr');
    await manager.signInAsStaff(staffEmail('manager', 11));
    const cases: [string, string][] = [
      ['?from=2026-11-30&to=2026-11-01', 'La date de début 2026-11-30 est postérieure à la date de fin 2026-11-01'],
      ['?from=2026-02-30', 'from doit être une date comme 2026-11-21'],
      ['?to=yesterday', 'to doit être une date comme 2026-11-21'],
      ['?from=2025-01-01&to=2026-01-02', 'Un rapport couvre au plus 366 jours : choisissez une période plus courte'],
      ['?from=2026-11-01&from=2026-11-02', "from n'est pas valide"],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/staff/reports', '/api/staff/reports/csv']) {
        const res = await manager.request(`${path}${query}${path.endsWith('csv') ? '&report=members' : ''}`);
        expect(res.status, `${path}${query}`).toBe(400);
        expect(await res.json(), `${path}${query}`).toEqual({ code: 'VALIDATION', error: message });
      }
    }
    const unknown = await manager.request('/api/staff/reports/csv?report=everything');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ code: 'VALIDATION', error: 'Il n\'existe pas de rapport « everything » : choisissez parmi sales-by-day, sales-by-product, sales-by-channel, sales-by-addon, admissions, occupancy-by-hour, members, tokens, program' });
    expect((await ops('?report=nope')).status).toBe(400);
    // The page says why and shows the last 30 days instead.
    const page = await manager.request('/fr/staff/reports?from=2026-11-30&to=2026-11-01');
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('La date de début 2026-11-30 est postérieure à la date de fin 2026-11-01');
  });
});
