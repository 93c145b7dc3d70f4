// The shape config/program.json must have; checked at start-up (src/config/check-all.ts) and when the
// program is first read (src/config/program.ts).
import { z } from 'zod';
import { rewardsSchema } from './program-rewards-schema';

export const programSchema = z.object({
  /** How far back visits count towards a tier. */
  windowMonths: z.number().int().min(1).max(60),
  tiers: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        /** Visits in the window that reach this tier. */
        visits: z.number().int().min(0),
        /** What the tier gives on the website (decision 0038); a tier that lists none gives none. */
        perks: z
          .object({
            /** Taken off each unit price, per unit, rounded to the cent half up. Never the whole price. */
            memberDiscountPercent: z.number().int().min(0).max(90).default(0),
            /** Tickets a booking may have beyond the product's maxTicketsPerBooking. */
            extraTicketsPerBooking: z.number().int().min(0).max(20).default(0),
          })
          .strict()
          .default({ memberDiscountPercent: 0, extraTicketsPerBooking: 0 }),
      }),
    )
    .min(1)
    .refine((tiers) => tiers[0]?.visits === 0, 'the first tier must start at 0 visits: every member has it on joining')
    .refine((tiers) => tiers.every((tier, i) => i === 0 || tier.visits > tiers[i - 1]!.visits), 'tiers must be in order of strictly rising visits')
    .refine((tiers) => new Set(tiers.map((t) => t.id)).size === tiers.length, 'tier ids must be unique'),
  /** Rewards spent with points at checkout and guest passes (decision 0042). */
  rewards: rewardsSchema,
});

export type Program = z.infer<typeof programSchema>;
export type ProgramTier = Program['tiers'][number];
export type TierPerks = ProgramTier['perks'];
