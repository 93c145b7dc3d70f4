// The ticket catalogue as configuration (config/catalog.json), checked when it is loaded.
import { z } from 'zod';
import raw from '../../config/catalog.json';
import { checkConfigFile } from './check-file';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time is "HH:mm"');
const unitTypes = ['ADULT', 'YOUTH', 'CHILD', 'INFANT', 'FAMILY', 'SENIOR', 'STUDENT', 'MILITARY', 'OTHER'] as const;

const unitSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  type: z.enum(unitTypes),
  minAge: z.number().int().min(0),
  maxAge: z.number().int().max(120),
  minQuantity: z.number().int().min(0),
  maxQuantity: z.number().int().min(1),
  price: z.number().int().min(0),
});

const optionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  internalName: z.string(),
  schedule: z.object({
    from: time,
    to: time,
    everyMinutes: z.number().int().min(5),
    durationMinutes: z.number().int().min(5),
    weekdays: z.array(z.number().int().min(0).max(6)).optional(),
  }),
  capacity: z.number().int().min(1),
  restrictions: z.object({ minUnits: z.number().int().min(1), maxUnits: z.number().int().min(1) }),
  units: z.array(unitSchema).min(1),
});

/** The most tickets a member books at once on the website (a reseller's limits are the options' own). */
const ticketsPerBooking = z.number().int().min(1).max(100);

export const catalogSchema = z.object({
  currency: z.string().length(3),
  bookingWindowDays: z.number().int().min(1).max(730),
  closedDates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** For every product that sets none, including an external supplier's. */
  maxTicketsPerBooking: ticketsPerBooking.default(10),
  products: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        internalName: z.string(),
        image: z.string().startsWith('/'),
        maxTicketsPerBooking: ticketsPerBooking.optional(),
        options: z.array(optionSchema).min(1),
      }),
    )
    .min(1),
});

export type CatalogConfig = z.infer<typeof catalogSchema>;
export type OptionConfig = z.infer<typeof optionSchema>;

export const CATALOG: CatalogConfig = checkConfigFile('config/catalog.json', catalogSchema, raw);

/** The most tickets one website booking of `productId` may have: the product's own limit, else the
 * catalogue's (which also covers an external supplier's products). */
export function maxTicketsPerBooking(productId: string, catalog: CatalogConfig = CATALOG): number {
  return catalog.products.find((p) => p.id === productId)?.maxTicketsPerBooking ?? catalog.maxTicketsPerBooking;
}

/** "09:00" to "21:30" every 30 minutes: ["09:00", "09:30", …, "21:30"]. */
export function expandStartTimes({ from, to, everyMinutes }: OptionConfig['schedule']): string[] {
  const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
  const times: string[] = [];
  for (let m = toMinutes(from); m <= toMinutes(to); m += everyMinutes) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return times;
}
