import { describe, expect, it } from 'vitest';
import { formatDate, formatShortDate, formatTime } from '@/universal/format/date-time';
import { LOCALES } from '@/config/locales';
import { todayIn } from '@/universal/local-date';
import { formatMoney } from '@/universal/format/money';

describe('dates and times in New York', () => {
  it("writes dates as 'EEEE M/d/yyyy'", () => {
    expect(formatDate('2026-11-21')).toBe('Saturday 11/21/2026');
    expect(formatDate('2026-11-21T09:00:00-05:00')).toBe('Saturday 11/21/2026');
  });

  it('writes a report day briefly in the visitor language, whatever the time zone of the machine', () => {
    expect(formatShortDate('2026-11-01')).toBe('Nov 1, 2026');
    expect(formatShortDate('2026-11-01', 'de')).toBe('01.11.2026');
    expect(formatShortDate('2026-11-01', 'ja')).toBe('2026/11/01');
  });

  it('names the day and the day period in the visitor language', () => {
    expect(formatDate('2026-11-21', 'fr')).toBe('samedi 11/21/2026');
    expect(formatDate('2026-11-21', 'de')).toBe('Samstag 11/21/2026');
    expect(formatDate('2026-11-21', 'ja')).toBe('土曜日 11/21/2026');
    expect(formatTime('2026-11-21T14:30:00-05:00', 'ja')).toBe('2:30 午後');
  });

  it('writes noon and midnight as a 12-hour clock does', () => {
    expect(formatTime('2026-11-21T12:00:00-05:00')).toBe('12:00 PM');
    expect(formatTime('2026-11-21T00:05:00-05:00')).toBe('12:05 AM');
  });

  it.each(LOCALES)('writes noon and midnight with a 12 in %s, never a 0', (locale) => {
    expect(formatTime('2026-11-21T12:00:00-05:00', locale)).toMatch(/^12:00 \S/);
    expect(formatTime('2026-11-21T00:05:00-05:00', locale)).toMatch(/^12:05 \S/);
    expect(formatTime('2026-11-21T13:00:00-05:00', locale)).toMatch(/^1:00 \S/);
  });

  it("writes times as 'h:mm a' on New York's clock", () => {
    expect(formatTime('2026-11-21T09:30:00-05:00')).toBe('9:30 AM');
    expect(formatTime('2026-11-21T14:30:00Z')).toBe('9:30 AM');
  });

  it('keeps a slot near midnight on its New York day, whatever the UTC date', () => {
    // 11:30 pm in New York is already the next day in UTC.
    expect(formatTime('2026-11-22T04:30:00Z')).toBe('11:30 PM');
    expect(todayIn('America/New_York', new Date('2026-11-22T04:30:00Z'))).toBe('2026-11-21');
    expect(todayIn('America/New_York', new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
  });

  it('follows both sides of a daylight-saving change', () => {
    // Clocks go back on 2026-11-01 at 2:00 (EDT, -4 → EST, -5).
    expect(formatTime('2026-10-31T13:00:00Z')).toBe('9:00 AM');
    expect(formatTime('2026-11-01T14:00:00Z')).toBe('9:00 AM');
    // Clocks go forward on 2027-03-14 at 2:00 (EST, -5 → EDT, -4).
    expect(formatTime('2027-03-13T14:00:00Z')).toBe('9:00 AM');
    expect(formatTime('2027-03-14T13:00:00Z')).toBe('9:00 AM');
    expect(formatDate('2026-11-01')).toBe('Sunday 11/1/2026');
  });
});

describe('money', () => {
  it('writes minor units in the visitor language', () => {
    expect(formatMoney(4400, 'USD', 'en')).toBe('$44.00');
    expect(formatMoney(12345, 'USD', 'de')).toBe('123,45\u00a0$');
  });
});
