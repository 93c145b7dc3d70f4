// The reports' pure helpers: CSV as RFC 4180 writes it and safe from formula injection, amounts as
// decimals, and the period checked (dates, order, at most 366 days, the last 30 days by default).
import { describe, expect, it } from 'vitest';
import { csvCell, decimalAmount, toCsv } from '@/modules/reports/csv';
import { csvReportName } from '@/modules/reports/report-csv';
import { daysIn, rangeInstants, reportRange } from '@/modules/reports/report-range';
import { AppError } from '@/server/errors';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('not refused');
};

describe('CSV', () => {
  it('quotes fields with commas, quotes and line breaks, and ends every line with CRLF', () => {
    expect(toCsv(['a', 'b'], [['plain', 'with, comma'], ['say "hi"', 'two\nlines'], [3, null]])).toBe('a,b\r\nplain,"with, comma"\r\n"say ""hi""","two\nlines"\r\n3,\r\n');
  });

  it('prefixes text that a spreadsheet would run as a formula, and leaves numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const text of ['+1+1', '-2+3', '@SUM(A1)', '\tx']) expect(csvCell(text)).toBe(`'${text}`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell(-1250)).toBe('-1250');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes minor units as decimals', () => {
    expect(decimalAmount(123456)).toBe('1234.56');
    expect(decimalAmount(5)).toBe('0.05');
    expect(decimalAmount(-1250)).toBe('-12.50');
    expect(decimalAmount(0)).toBe('0.00');
    expect(decimalAmount(700, 0)).toBe('700');
  });

  it('knows its reports and refuses others with a 400', () => {
    expect(csvReportName('sales-by-day')).toBe('sales-by-day');
    const error = refusal(() => csvReportName('=cmd'));
    expect(error).toMatchObject({ status: 400, key: 'reportUnknown' });
  });
});

describe('the report period', () => {
  it('defaults to the last 30 days up to today', () => {
    expect(reportRange({}, '2026-11-23')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(daysIn(reportRange({}, '2026-11-23'))).toBe(30);
    expect(reportRange({ from: '2026-11-01', to: '2026-11-30' }, '2026-11-23')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(reportRange({ to: '2026-03-31' }, '2026-11-23')).toEqual({ from: '2026-03-02', to: '2026-03-31' });
  });

  it('allows 366 days and refuses 367, an end before the start, and dates that do not exist', () => {
    expect(daysIn(reportRange({ from: '2024-01-01', to: '2024-12-31' }, '2026-11-23'))).toBe(366);
    expect(refusal(() => reportRange({ from: '2025-01-01', to: '2026-01-02' }, '2026-11-23'))).toMatchObject({ status: 400, key: 'reportRangeTooLong', values: { max: 366 } });
    expect(refusal(() => reportRange({ from: '2026-11-30', to: '2026-11-01' }, '2026-11-23'))).toMatchObject({ status: 400, key: 'reportRangeOrder' });
    for (const bad of ['2026-02-30', '2026-11-1', 'yesterday', '']) {
      expect(refusal(() => reportRange({ from: bad }, '2026-11-23'))).toMatchObject({ status: 400, key: 'reportDateInvalid', values: { field: 'from' } });
    }
  });

  it('starts and ends at midnight in New York, daylight saving time included', () => {
    expect(rangeInstants({ from: '2026-11-01', to: '2026-11-01' }, 'America/New_York')).toEqual({
      start: new Date('2026-11-01T04:00:00Z'),
      end: new Date('2026-11-02T05:00:00Z'),
    });
  });
});
