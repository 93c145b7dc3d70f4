// The offline gate's pure part (src/universal/offline-gate.ts, decision 0054): a code taken apart as the
// server does (one canonical spelling), a delta applied to the held bundle, and the verdict from the list.
import { describe, expect, it } from 'vitest';
import { applyDelta, offlineVerdict, parseTicketCode, type OfflineBundle, type OfflineTicket } from '@/universal/offline-gate';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const SIGNATURE = Buffer.alloc(64, 7).toString('base64url');
const code = (fields: unknown) => `SKT1.${b64(JSON.stringify(fields))}.${SIGNATURE}`;

const ticket = (ticketRef: string, booking: string, status = 'CONFIRMED'): OfflineTicket => ({
  ticket: ticketRef,
  unitId: 'adult',
  booking,
  status,
  productId: 'main-deck',
  optionId: 'main-deck-day',
  availabilityId: '2027-05-12T10:00:00-04:00',
  slotStart: '2027-05-12T14:00:00.000Z',
  slotEnd: '2027-05-12T15:00:00.000Z',
});
const bundle = (over: Partial<OfflineBundle> = {}): OfflineBundle => ({
  day: '2027-05-12',
  generatedAt: '2027-05-12T13:50:00.000Z',
  publicKeys: [],
  toleranceMinutes: 30,
  tickets: [ticket('TKT-AAAAAAAA', 'SKY-AAAAAA'), ticket('TKT-BBBBBBBB', 'SKY-AAAAAA'), ticket('TKT-CCCCCCCC', 'SKY-CCCCCC', 'CANCELLED')],
  revoked: ['TKT-CCCCCCCC'],
  admitted: [],
  ...over,
});
const at = new Date('2027-05-12T14:05:00.000Z');

describe('parseTicketCode', () => {
  it('reads the three fields of a well-formed code and what its signature covers', () => {
    const parsed = parseTicketCode(code(['TKT-AAAAAAAA', 'SKY-AAAAAA', '2027-05-12T10:00:00-04:00']));
    expect(parsed).toMatchObject({ ticket: 'TKT-AAAAAAAA', booking: 'SKY-AAAAAA' });
    if (typeof parsed === 'string') throw new Error(parsed);
    expect(new TextDecoder().decode(parsed.signed)).toBe(`SKT1.${b64(JSON.stringify(['TKT-AAAAAAAA', 'SKY-AAAAAA', '2027-05-12T10:00:00-04:00']))}`);
    expect(parsed.signature.length).toBe(64);
  });
  it('refuses what is no code, and calls another spelling of a code forged', () => {
    expect(parseTicketCode('SKY-AAAAAA')).toBe('malformed');
    expect(parseTicketCode(code(['only', 'two']))).toBe('malformed');
    expect(parseTicketCode(`SKT1.${b64('not json')}.${SIGNATURE}`)).toBe('malformed');
    // The last signature character's unused low bits changed: the same bytes, another spelling.
    const spelled = code(['TKT-AAAAAAAA', 'SKY-AAAAAA', 'slot']);
    const last = spelled.at(-1)!;
    const other = String.fromCharCode(last.charCodeAt(0) + 1);
    expect(parseTicketCode(spelled.slice(0, -1) + other)).toBe('forged');
  });
});

describe('offlineVerdict', () => {
  it('admits a held ticket in its window; the device’s own queue and the held admissions make it used', () => {
    expect(offlineVerdict(bundle(), [], { ticket: 'TKT-AAAAAAAA', booking: 'SKY-AAAAAA' }, at, '2027-05-12').verdict).toBe('VALID');
    const queue = [{ id: '1', code: '', ticket: 'TKT-AAAAAAAA', booking: 'SKY-AAAAAA', gate: 'North', scannedAt: '2027-05-12T14:01:00.000Z' }];
    expect(offlineVerdict(bundle(), queue, { ticket: 'TKT-AAAAAAAA' }, at, '2027-05-12')).toMatchObject({ verdict: 'ALREADY_USED', usedGate: 'North' });
    const admitted = [{ ticket: 'TKT-BBBBBBBB', booking: 'SKY-AAAAAA', gate: 'South', at: '2027-05-12T14:02:00.000Z', undoneAt: null }];
    expect(offlineVerdict(bundle({ admitted }), [], { ticket: 'TKT-BBBBBBBB' }, at, '2027-05-12')).toMatchObject({ verdict: 'ALREADY_USED', usedGate: 'South' });
  });
  it('refuses cancelled, changed, unknown, mismatched and out-of-window tickets', () => {
    const day = '2027-05-12';
    expect(offlineVerdict(bundle(), [], { ticket: 'TKT-CCCCCCCC' }, at, day).verdict).toBe('CANCELLED');
    expect(offlineVerdict(bundle(), [], { ticket: 'TKT-OLDOLDOL', booking: 'SKY-AAAAAA' }, at, day).verdict).toBe('CHANGED');
    expect(offlineVerdict(bundle(), [], { ticket: 'TKT-OLDOLDOL', booking: 'SKY-ZZZZZZ' }, at, day).verdict).toBe('UNKNOWN');
    expect(offlineVerdict(bundle(), [], { ticket: 'TKT-AAAAAAAA', booking: 'SKY-CCCCCC' }, at, day).verdict).toBe('FORGED');
    expect(offlineVerdict(bundle(), [], { ticket: 'TKT-AAAAAAAA' }, new Date('2027-05-12T12:00:00.000Z'), day).verdict).toBe('WRONG_TIME');
    expect(offlineVerdict(bundle(), [], { ticket: 'TKT-AAAAAAAA' }, new Date('2027-05-12T12:00:00.000Z'), '2027-05-13').verdict).toBe('WRONG_DAY');
  });
});

describe('applyDelta', () => {
  it('replaces a changed booking’s tickets, adds admissions, drops undone ones, and lists cancellations', () => {
    const held = bundle({ admitted: [{ ticket: 'TKT-BBBBBBBB', booking: 'SKY-AAAAAA', gate: 'South', at: '2027-05-12T14:02:00.000Z', undoneAt: null }] });
    const delta = bundle({
      generatedAt: '2027-05-12T14:10:00.000Z',
      tickets: [ticket('TKT-NEWNEWNE', 'SKY-AAAAAA')],
      revoked: [],
      admitted: [
        { ticket: 'TKT-BBBBBBBB', booking: 'SKY-AAAAAA', gate: 'South', at: '2027-05-12T14:02:00.000Z', undoneAt: '2027-05-12T14:03:00.000Z' },
        { ticket: 'TKT-NEWNEWNE', booking: 'SKY-AAAAAA', gate: 'East', at: '2027-05-12T14:09:00.000Z', undoneAt: null },
      ],
    });
    const next = applyDelta(held, delta);
    expect(next.generatedAt).toBe('2027-05-12T14:10:00.000Z');
    expect(next.tickets.map((t) => t.ticket).sort()).toEqual(['TKT-CCCCCCCC', 'TKT-NEWNEWNE']);
    expect(next.admitted.map((a) => a.ticket)).toEqual(['TKT-NEWNEWNE']);
    expect(next.revoked).toEqual(['TKT-CCCCCCCC']);
    // Applied twice: nothing changes.
    expect(applyDelta(next, delta)).toEqual(next);
    expect(offlineVerdict(next, [], { ticket: 'TKT-AAAAAAAA', booking: 'SKY-AAAAAA' }, at, '2027-05-12').verdict).toBe('CHANGED');
  });
});
