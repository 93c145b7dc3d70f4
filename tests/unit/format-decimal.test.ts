import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/config/locales';
import { formatOneDecimal } from '@/universal/format/decimal';

describe('formatOneDecimal', () => {
  it.each(LOCALES)('writes ratings as Intl does in %s', (locale) => {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    for (const rating of [0, 3, 4.5, 4.8, 4.75, 5]) expect(formatOneDecimal(rating, locale)).toBe(intl.format(rating));
  });
});
