// Who may use the staff console's calls: anonymous callers are asked to sign in, members who are not
// staff get 404 (as if nothing were there), gate staff get 403 on managers' calls, managers get through.
// Staff sign in with the e-mailed link without signing up. A manager cancels a paid booking over HTTP.
import { describe, expect, inject, it } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { OCTO_KEY, Visitor, staffEmail, uniqueEmail } from './sites';
import { firstSlot, openDay } from './supplier-scenarios';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

/** Every staff call: the least role it needs, and a request that would be valid. */
const CALLS = [
  { role: 'gate', method: 'GET', path: '/api/staff/me' },
  { role: 'gate', method: 'GET', path: '/api/staff/today' },
  { role: 'gate', method: 'POST', path: '/api/staff/gate/scan', body: { code: 'SKY-NOSUCH', gate: 'North' } },
  { role: 'gate', method: 'POST', path: '/api/staff/gate/undo', body: { ticket: 'TKT-00000000' }, gateStatus: 404 },
  { role: 'gate', method: 'GET', path: '/api/staff/gate/offline' },
  { role: 'gate', method: 'POST', path: '/api/staff/gate/sync', body: { scans: [] } },
  { role: 'manager', method: 'GET', path: '/api/staff/audit' },
  { role: 'manager', method: 'POST', path: '/api/staff/bookings/cancel', body: { reference: 'SKY-NOSUCH', refund: 'full' } },
  { role: 'manager', method: 'GET', path: '/api/staff/reports' },
  { role: 'manager', method: 'GET', path: '/api/staff/reports/csv?report=members' },
  // The box office (decision 0053): its own calls, and the managers' list of till shifts.
  { role: 'boxoffice', method: 'GET', path: '/api/staff/till' },
  { role: 'boxoffice', method: 'POST', path: '/api/staff/sell/refund', body: { reference: 'SKY-NOSUCH' } },
  { role: 'manager', method: 'GET', path: '/api/staff/till/shifts' },
  { role: 'manager', method: 'POST', path: '/api/staff/catalog/images', body: {} },
] as const;

describe.each(inject('backends'))('staff access on $name', ({ url }) => {
  const call = (visitor: Visitor, c: (typeof CALLS)[number]) => ('body' in c ? visitor.postJson(c.path, c.body) : visitor.request(c.path));

  it('refuses anonymous callers, members who are not staff, and gate staff on managers’ calls; in the caller’s language', async () => {
    const anonymous = new Visitor(url, 'de');
    const member = new Visitor(url);
    await member.signIn(uniqueEmail('not-staff'));
    const gate = new Visitor(url);
    await gate.signInAsStaff(staffEmail('gate', 1));
    for (const c of CALLS) {
      const a = await call(anonymous, c);
      expect(a.status, `${c.path} anonymous`).toBe(401);
      expect(await a.json()).toEqual({ code: 'UNAUTHORIZED', error: 'Bitte melden Sie sich mit Ihrer Mitarbeiter-E-Mail-Adresse an' });
      const m = await call(member, c);
      expect(m.status, `${c.path} member`).toBe(404);
      expect(await m.json()).toEqual({ code: 'NOT_FOUND', error: 'Not found' });
      const g = await call(gate, c);
      if (c.role === 'manager') {
        expect(g.status, `${c.path} gate`).toBe(403);
        expect(await g.json()).toEqual({ code: 'FORBIDDEN', error: 'Only a manager may do this' });
      } else if (c.role === 'boxoffice') {
        expect(g.status, `${c.path} gate`).toBe(403);
        expect(await g.json()).toEqual({ code: 'FORBIDDEN', error: 'Only the box office or a manager may do this' });
      } else {
        expect(g.status, `${c.path} gate`).toBe('gateStatus' in c ? c.gateStatus : 200);
      }
    }
    expect(await (await gate.request('/api/staff/me')).json()).toEqual({ email: staffEmail('gate', 1), role: 'gate' });
    // Bad input at the gate: a clear message, nothing admitted.
    const empty = await gate.postJson('/api/staff/gate/scan', { code: '   ' });
    expect(empty.status).toBe(422);
    expect(await (await gate.postJson('/api/staff/gate/scan', { code: 'SKY-NOSUCH' })).json()).toEqual({ verdict: 'UNKNOWN' });
    const undo = await gate.postJson('/api/staff/gate/undo', { ticket: 'TKT-00000000' });
    expect(await undo.json()).toEqual({ code: 'NOT_FOUND', error: 'Ticket TKT-00000000 has not been admitted' });
  });

  it('lets the box office use the gate’s calls and its own, not the managers’', async () => {
    const boxOffice = new Visitor(url);
    await boxOffice.signInAsStaff(staffEmail('boxoffice', 1));
    expect(await (await boxOffice.request('/api/staff/me')).json()).toEqual({ email: staffEmail('boxoffice', 1), role: 'boxoffice' });
    expect(await (await boxOffice.postJson('/api/staff/gate/scan', { code: 'SKY-NOSUCH', gate: 'North' })).json()).toEqual({ verdict: 'UNKNOWN' });
    const till = await boxOffice.request('/api/staff/till');
    expect(till.status).toBe(200);
    expect(await till.json()).toEqual({ shift: null });
    const noBooking = await boxOffice.postJson('/api/staff/sell/refund', { reference: 'SKY-NOSUCH' });
    expect(noBooking.status).toBe(404);
    expect((await boxOffice.request('/api/staff/till/shifts')).status).toBe(403);
    expect((await boxOffice.request('/api/staff/audit')).status).toBe(403);
  });

  it('lets a manager, signed in without signing up, cancel a member’s paid booking with a refund, and read it in the audit log', async () => {
    const manager = new Visitor(url);
    await manager.signInAsStaff(staffEmail('manager', 1));
    expect(await (await manager.request('/api/staff/me')).json()).toEqual({ email: staffEmail('manager', 1), role: 'manager' });

    const buyer = new Visitor(url);
    const email = uniqueEmail('cancelled');
    await buyer.signIn(email);
    const octo = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });
    const day = await openDay(octo, 'main-deck', 'main-deck-day', 30);
    const selectedTime = await firstSlot(octo, 'main-deck', 'main-deck-day', day);
    const started = (await (await buyer.postJson('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime })).json()) as {
      paymentSession: { id: string };
    };
    const paid = (await (await buyer.postJson('/api/payments/test/pay', { sessionId: started.paymentSession.id, card: CARD })).json()) as { order: { reference: string } };

    // Bad input changes nothing: an unknown reference, an amount beyond what was paid.
    const unknown = await manager.postJson('/api/staff/bookings/cancel', { reference: 'SKY-NOSUCH', refund: 'full' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ code: 'NOT_FOUND', error: 'No booking has the reference SKY-NOSUCH' });
    const tooMuch = await manager.postJson('/api/staff/bookings/cancel', { reference: paid.order.reference, refund: 999_999 });
    expect(tooMuch.status).toBe(422);

    const res = await manager.postJson('/api/staff/bookings/cancel', { reference: paid.order.reference, refund: 'full', reason: 'Closed for wind' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ reference: paid.order.reference, refundAmount: 4400, refundStatus: 'refunded' });
    const again = await manager.postJson('/api/staff/bookings/cancel', { reference: paid.order.reference, refund: 'full' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ code: 'ALREADY_CANCELLED', error: `Booking ${paid.order.reference} is already cancelled` });

    const mails = await buyer.outbox(email);
    expect(mails.filter((m) => m.subject === `Your booking ${paid.order.reference} is cancelled`)).toHaveLength(1);
    const audit = (await (await manager.request('/api/staff/audit')).json()) as { entries: { action: string; target: string; actorEmail: string }[] };
    expect(audit.entries).toContainEqual(expect.objectContaining({ action: 'booking.cancel', target: paid.order.reference, actorEmail: staffEmail('manager', 1) }));
  });
});
