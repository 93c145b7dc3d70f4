// The ticket catalogue. Everything that needs it asks `currentCatalog()`, synchronously: the newest version
// in the database (edited on /staff/catalog, decision 0055), which the server loads at start and reloads
// when a version is saved; config/catalog.json (its first version, checked when loaded) until then.
import { z } from 'zod';
import raw from '../../config/catalog.json';
import { checkConfigFile } from './check-file';
import { currentDocument, documentHolder } from './document-store';
import { DEFAULT_LOCALE, LOCALES } from './locales';

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time is "HH:mm"');
const unitTypes = ['ADULT', 'YOUTH', 'CHILD', 'INFANT', 'FAMILY', 'SENIOR', 'STUDENT', 'MILITARY', 'OTHER'] as const;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is "yyyy-MM-dd"');

type Dated = { from: string; to: string };
const inOrder = (r: Dated) => r.from <= r.to;
const IN_ORDER = 'a date range ends on or after its first day';
/** Date ranges that share no day (the one that applies to a visit's date is never in doubt). */
const apart = (ranges: Dated[] | undefined) =>
  !ranges || ranges.every((a, i) => ranges.every((b, j) => i === j || a.to < b.from || b.to < a.from));

/** A unit's price for visits from `from` to `to` (local dates, both included): a holiday price set ahead. */
const datedPrice = z.strictObject({ from: localDate, to: localDate, price: z.number().int().min(0) }).refine(inOrder, IN_ORDER);

const unitSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  type: z.enum(unitTypes),
  minAge: z.number().int().min(0),
  maxAge: z.number().int().max(120),
  minQuantity: z.number().int().min(0),
  maxQuantity: z.number().int().min(1),
  /** The price of a visit on any date no dated price covers. */
  price: z.number().int().min(0),
  datedPrices: z.array(datedPrice).optional().refine(apart, 'the dated prices of a unit share no day'),
});

const weekdays = z.array(z.number().int().min(0).max(6)).optional();
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

/** Timed entry: a slot every `everyMinutes` from `from` to `to`, each lasting `durationMinutes`. */
const timedSchedule = z.strictObject({
  from: time,
  to: time,
  everyMinutes: z.number().int().min(5),
  durationMinutes: z.number().int().min(5),
  weekdays,
});

/** Entry any time during opening hours: one slot a day, from opening to closing (OCTO's OPENING_HOURS). */
const openingHoursSchedule = z.strictObject({
  openingHours: z.object({ from: time, to: time }).refine((h) => minutesOf(h.from) < minutesOf(h.to), 'opening hours close after they open'),
  weekdays,
});

const scheduleSchema = z.union([timedSchedule, openingHoursSchedule]);

/** The schedule of the visits from `from` to `to` (local dates, both included), in place of the option's
 * own: a late-night slot in December. */
const datedSchedule = z.strictObject({ from: localDate, to: localDate, schedule: scheduleSchema }).refine(inOrder, IN_ORDER);

/** A product's texts in one language; a text left out (or empty) is read in the default language. */
const productTexts = z.strictObject({
  title: z.string().max(120).optional(),
  shortDescription: z.string().max(400).optional(),
  description: z.string().max(3000).optional(),
});
export type ProductTexts = z.infer<typeof productTexts>;
const byLanguage = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(LOCALES), value).optional();

const optionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  internalName: z.string(),
  /** The option's title per language (the seed copies locales/{lng}/catalog.json's). */
  titles: byLanguage(z.string().max(120)),
  schedule: scheduleSchema,
  datedSchedules: z
    .array(datedSchedule)
    .optional()
    .refine((ranges) => apart(ranges?.map(({ from, to }) => ({ from, to }))), 'the dated schedules of an option share no day'),
  capacity: z.number().int().min(1),
  restrictions: z.object({ minUnits: z.number().int().min(1), maxUnits: z.number().int().min(1) }),
  units: z.array(unitSchema).min(1),
}).refine(
  (o) => (o.datedSchedules ?? []).every((d) => 'openingHours' in d.schedule === 'openingHours' in o.schedule),
  { message: 'a dated schedule is timed, or opening hours, as the option’s own schedule is', path: ['datedSchedules'] },
);

/** When a member may cancel online, and what comes back: everything until `freeUntilHoursBefore` hours
 * before the slot, then `refundPercentAfter` percent until the slot starts, nothing (and no cancelling)
 * after. */
const cancellationPolicy = z.strictObject({
  freeUntilHoursBefore: z.number().int().min(0).max(24 * 30),
  refundPercentAfter: z.number().int().min(0).max(100),
});

/** The most tickets one booking may have, on every channel (website and OCTO): an option's own maxUnits
 * is capped by it (maxUnitsOf). */
const ticketsPerBooking = z.number().int().min(1).max(100);

/** The annual pass (decision 0051): a product bought online that gives its holder `validDays` of visits,
 * each booked in a slot at zero price: only the `covers` options, at most `upcomingVisitsAtATime` upcoming
 * visits, `visitorsPerVisit` tickets each, never on a closed day; renewable from `renewFromDaysBefore` days
 * before its end. */
const annualPassSchema = z.strictObject({
  $comment: z.string().optional(),
  id: z.string().regex(/^[a-z0-9-]+$/),
  internalName: z.string(),
  image: z.string().startsWith('/'),
  price: z.number().int().min(1),
  validDays: z.number().int().min(1).max(3 * 366),
  renewFromDaysBefore: z.number().int().min(0).max(366),
  covers: z.array(z.strictObject({ productId: z.string().min(1), optionIds: z.array(z.string().min(1)).min(1) })).min(1),
  upcomingVisitsAtATime: z.number().int().min(1).max(20),
  visitorsPerVisit: z.number().int().min(1).max(10),
});

export type AnnualPassConfig = z.infer<typeof annualPassSchema>;

/** A product sold with a ticket (decision 0050): its list price in minor units, its stock per slot (the
 * ticket's slot start) or per day (the visit's local date), and the products (or some of their options) it
 * is offered with. Names and descriptions are in locales/{lng}/addons.json. */
const addonSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  price: z.number().int().min(1),
  stock: z.strictObject({ per: z.enum(['slot', 'day']), quantity: z.number().int().min(0).max(100_000) }),
  maxPerBooking: z.number().int().min(1).max(100).default(10),
  appliesTo: z.array(z.strictObject({ productId: z.string(), optionIds: z.array(z.string()).min(1).optional() })).min(1),
});

export const catalogSchema = z.object({
  currency: z.string().length(3),
  bookingWindowDays: z.number().int().min(1).max(730),
  closedDates: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** None: no annual pass is sold. */
  annualPass: annualPassSchema.optional(),
  /** For every product that sets none, including an external supplier's. */
  maxTicketsPerBooking: ticketsPerBooking.default(10),
  /** For every product that sets none; without one, members cannot cancel online. */
  cancellationPolicy: cancellationPolicy.optional(),
  products: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        internalName: z.string(),
        image: z.string().startsWith('/'),
        /** Title and descriptions per language (the seed copies locales/{lng}/catalog.json's). */
        texts: byLanguage(productTexts),
        maxTicketsPerBooking: ticketsPerBooking.optional(),
        cancellationPolicy: cancellationPolicy.optional(),
        options: z
          .array(optionSchema)
          .min(1)
          .refine((options) => new Set(options.map((o) => 'openingHours' in o.schedule)).size === 1, 'the options of a product are all timed or all opening hours'),
      }),
    )
    .min(1),
  /** Add-ons sold with tickets (decision 0050); none by default. */
  addons: z
    .array(addonSchema)
    .default([])
    .refine((addons) => new Set(addons.map((a) => a.id)).size === addons.length, 'add-on ids are unique'),
})
  .superRefine((catalog, ctx) => {
    // An add-on is offered with products (and options) of this catalogue only.
    for (const [i, addon] of catalog.addons.entries()) {
      for (const target of addon.appliesTo) {
        const product = catalog.products.find((p) => p.id === target.productId);
        const unknown = !product || (target.optionIds ?? []).some((id) => !product.options.some((o) => o.id === id));
        if (unknown) ctx.addIssue({ code: 'custom', path: ['addons', i, 'appliesTo'], message: `add-on ${addon.id} names an unknown product or option` });
      }
    }
  });

export type AddonConfig = z.infer<typeof addonSchema>;

export type CatalogConfig = z.infer<typeof catalogSchema>;
export type OptionConfig = z.infer<typeof optionSchema>;

/** config/catalog.json, checked: the seed of the database's first version (prefer currentCatalog()). */
export const CATALOG: CatalogConfig = checkConfigFile('config/catalog.json', catalogSchema, raw);

export const catalogOfFile = (): CatalogConfig => CATALOG;

/** The catalogue in force: the database's newest version once this server loaded it, the file before. */
export function currentCatalog(): CatalogConfig {
  return currentDocument('catalog', catalogOfFile);
}

export type UnitConfig = z.infer<typeof unitSchema>;

/** The price of one unit for a visit on `localDate` ("yyyy-MM-dd"): its dated price covering that day, else
 * its price. Every channel prices a visit by its date with this. */
export function priceOn(unit: Pick<UnitConfig, 'price' | 'datedPrices'>, localDate: string): number {
  return unit.datedPrices?.find((d) => d.from <= localDate && localDate <= d.to)?.price ?? unit.price;
}

/** The lowest price a unit is sold for on `localDate` or later (its "from" price). */
export function lowestPriceFrom(unit: Pick<UnitConfig, 'price' | 'datedPrices'>, localDate: string): number {
  return Math.min(unit.price, ...(unit.datedPrices ?? []).filter((d) => d.to >= localDate).map((d) => d.price));
}

/** The most tickets one booking of `productId` may have: the product's own limit, else the catalogue's
 * (which also covers an external supplier's products). */
export function maxTicketsPerBooking(productId: string, catalog: CatalogConfig = currentCatalog()): number {
  return catalog.products.find((p) => p.id === productId)?.maxTicketsPerBooking ?? catalog.maxTicketsPerBooking;
}

/** An option's maximum per booking as every channel applies it: its own, capped by the product's (or the
 * catalogue's) maxTicketsPerBooking; a unit's maximum is capped by it in turn. */
export function maxUnitsOf(productId: string, option: Pick<OptionConfig, 'restrictions'>, catalog: CatalogConfig = currentCatalog()): number {
  return Math.min(option.restrictions.maxUnits, maxTicketsPerBooking(productId, catalog));
}

export type CancellationPolicy = z.infer<typeof cancellationPolicy>;

/** The cancellation policy of `productId`: the product's own, else the catalogue's; none: no online cancelling. */
export function cancellationPolicyOf(productId: string, catalog: CatalogConfig = currentCatalog()): CancellationPolicy | null {
  return catalog.products.find((p) => p.id === productId)?.cancellationPolicy ?? catalog.cancellationPolicy ?? null;
}

/** The percentage a cancellation at `at` gets back of a slot starting at `start` (ms): the one rule of
 * every channel (the website's members, staff cancelling a used booking, and resellers through OCTO). All
 * of it until the free-cancellation deadline, `refundPercentAfter` until the start, nothing once the visit
 * has begun (only a booking whose ticket was admitted can still be cancelled then: decision 0033). */
export function refundPercentAt(policy: CancellationPolicy, start: number, at: number): number {
  if (at >= start) return 0;
  return at < start - policy.freeUntilHoursBefore * 3_600_000 ? 100 : policy.refundPercentAfter;
}

export type OpeningHours = { from: string; to: string };

/** How an option's slots are planned: start times and duration; opening hours for an all-day option.
 * "09:00" to "21:30" every 30 minutes gives ["09:00", "09:30", …, "21:30"]. */
export function slotPlanOf(schedule: OptionConfig['schedule']): { startTimes: string[]; durationMinutes: number; openingHours: OpeningHours | null } {
  if ('openingHours' in schedule) {
    const { from, to } = schedule.openingHours;
    return { startTimes: [from], durationMinutes: minutesOf(to) - minutesOf(from), openingHours: { from, to } };
  }
  const times: string[] = [];
  for (let m = minutesOf(schedule.from); m <= minutesOf(schedule.to); m += schedule.everyMinutes) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return { startTimes: times, durationMinutes: schedule.durationMinutes, openingHours: null };
}

type PlainPlan = { startTimes: string[]; weekdays: number[] | null; durationMinutes: number; openingHours: OpeningHours | null };

/** An option's whole plan: its own schedule, and the dated schedules that replace it on their dates. */
export function optionPlanOf(option: Pick<OptionConfig, 'schedule' | 'datedSchedules'>): PlainPlan & { dated: (PlainPlan & { from: string; to: string })[] } {
  const plain = (schedule: OptionConfig['schedule']): PlainPlan => ({ ...slotPlanOf(schedule), weekdays: schedule.weekdays ?? null });
  return { ...plain(option.schedule), dated: (option.datedSchedules ?? []).map((d) => ({ from: d.from, to: d.to, ...plain(d.schedule) })) };
}

/** The version of the catalogue in force in this process (0: the file's, not yet loaded from the database). */
export function currentCatalogVersion(): number {
  return documentHolder<CatalogConfig>('catalog').loaded?.version ?? 0;
}

/** A text in `locale`, else in the default language; undefined when neither is filled. */
export function textIn<T>(byLocale: Partial<Record<string, T>> | undefined, locale: string, pick: (texts: T) => string | undefined): string | undefined {
  const own = byLocale?.[locale];
  const fallback = byLocale?.[DEFAULT_LOCALE];
  return (own && pick(own)) || (fallback && pick(fallback)) || undefined;
}
