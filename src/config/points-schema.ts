// The `points` section of config/program.json (decision 0037): what an admitted ticket earns, by the
// catalog's unit id ("adult", "child"), a product's own table winning, and how long confirmed points last.
import { z } from 'zod';

const unitId = z.string().regex(/^[a-z0-9-]+$/);
/** Points per ticket of each unit; a unit not listed earns none. */
const perUnit = z.record(unitId, z.number().int().min(0).max(100_000));

export const pointsSchema = z.strictObject({
  /** Confirmed points expire this many months after the admission that confirmed them. */
  expiryMonths: z.number().int().min(1).max(120),
  perUnit,
  /** A product's own points per unit, in place of `perUnit` for its tickets (units it does not list: `perUnit`). */
  products: z.record(z.string().regex(/^[a-z0-9-]+$/), perUnit).default({}),
});

export type PointsRules = z.infer<typeof pointsSchema>;

/** config/program.json as the points read it: its `points` section (the tiers' part is programSchema's). */
export const programPointsSchema = z.object({ points: pointsSchema });
