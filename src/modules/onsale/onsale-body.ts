// A new on-sale as a manager describes it (POST /api/staff/onsales): a product or every product, a day or
// every day, the opening as New York wall-clock time, and how many buyers a minute the queue lets through.
import { z } from 'zod';
import { CATALOG } from '@/config/catalog';
import { isLocalDate } from '@/universal/local-date';
import { DEFAULT_RATE_PER_MINUTE } from '@/universal/onsale-rate';

export { DEFAULT_RATE_PER_MINUTE };

export const onsaleBody = z.strictObject({
  productId: z
    .string('onsaleProduct')
    .refine((id) => CATALOG.products.some((p) => p.id === id), 'onsaleProduct')
    .nullable()
    .default(null),
  day: z.string('dateFormat').refine(isLocalDate, 'dateFormat').nullable().default(null),
  /** "2027-05-20T10:00", New York time. */
  opensAt: z.string('onsaleOpensAt').regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'onsaleOpensAt'),
  ratePerMinute: z.number('onsaleRate').int('onsaleRate').min(1, 'onsaleRate').max(100_000, 'onsaleRate').default(DEFAULT_RATE_PER_MINUTE),
});

export type OnsaleInput = z.input<typeof onsaleBody>;
export type OnsaleFields = z.output<typeof onsaleBody>;
