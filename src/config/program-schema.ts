// The shape of the ambassador program: config/program.json (checked at start-up, src/config/check-all.ts)
// and every version a manager saves on /staff/program (decision 0044). A section is one line here.
import { z } from 'zod';
import { pointsSchema } from './points-schema';
import { memberPlacesSchema } from './program-member-places-schema';
import { challengesSchema } from './program-challenges-schema';
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
            /** On a waitlist, offered places before members of lower tiers (decision 0041). */
            waitlistPriority: z.boolean().default(false),
          })
          .strict()
          .default({ memberDiscountPercent: 0, extraTicketsPerBooking: 0, waitlistPriority: false }),
      }),
    )
    .min(1)
    .refine((tiers) => tiers[0]?.visits === 0, 'the first tier must start at 0 visits: every member has it on joining')
    .refine((tiers) => tiers.every((tier, i) => i === 0 || tier.visits > tiers[i - 1]!.visits), 'tiers must be in order of strictly rising visits')
    .refine((tiers) => new Set(tiers.map((t) => t.id)).size === tiers.length, 'tier ids must be unique'),
  points: pointsSchema,
  memberPlaces: memberPlacesSchema.optional(),
  challenges: challengesSchema.default([]),
  /** Rewards spent with points at checkout and guest passes (decision 0042). */
  rewards: rewardsSchema,
}).superRefine((program, ctx) => {
  // A section that names a tier must name one of the program's (a manager's edit is refused, not a broken site).
  const tiers = new Set(program.tiers.map((t) => t.id));
  const places = program.memberPlaces;
  if (places && !tiers.has(places.allotment.tier)) ctx.addIssue({ code: 'custom', path: ['memberPlaces', 'allotment', 'tier'], message: `no tier "${places.allotment.tier}" in tiers` });
  places?.memberOnlySlots.forEach((rule, i) => {
    if (!tiers.has(rule.tier)) ctx.addIssue({ code: 'custom', path: ['memberPlaces', 'memberOnlySlots', i, 'tier'], message: `no tier "${rule.tier}" in tiers` });
  });
});

export type Program = z.infer<typeof programSchema>;
export type ProgramTier = Program['tiers'][number];
export type TierPerks = ProgramTier['perks'];
