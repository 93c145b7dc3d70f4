// The `rewards` section of config/program.json (decision 0042): what members may spend their confirmed
// points on at checkout, and the Local Legends' guest passes ("bring a friend"). Reward names are in
// locales/{lng}/rewards.json under catalogue.<id>.
import { z } from 'zod';

const id = z.string().regex(/^[a-z0-9-]+$/);

/** A ticket of `unitId` becomes free: what is left of its price after the member price (decision 0038). */
const freeTicket = z.strictObject({ id, points: z.number().int().min(1).max(1_000_000), kind: z.literal('free-ticket'), unitId: id });

/** One ticket of `optionId` costs what the same ticket of `fromOptionId` (the same product) costs. */
const upgrade = z.strictObject({
  id,
  points: z.number().int().min(1).max(1_000_000),
  kind: z.literal('upgrade'),
  productId: id,
  optionId: id,
  fromOptionId: id,
});

const NONE = { catalogue: [], guestPasses: { tiers: [], perQuarter: 0, unitId: 'adult', referralPoints: 0 } };

/** A program without the section has no rewards and no guest passes. */
export const rewardsSchema = z
  .object({
    catalogue: z.array(z.discriminatedUnion('kind', [freeTicket, upgrade])).max(50),
    guestPasses: z.strictObject({
      /** The tiers whose members get passes (ids of `tiers`). */
      tiers: z.array(id),
      /** How many passes a member of those tiers gets each calendar quarter (New York dates). */
      perQuarter: z.number().int().min(0).max(10),
      /** The ticket a pass makes free for the friend's first booking. */
      unitId: id,
      /** What the member earns, once per new member, when the friend's visit is admitted. */
      referralPoints: z.number().int().min(0).max(100_000),
    }),
  })
  .refine((rewards) => new Set(rewards.catalogue.map((r) => r.id)).size === rewards.catalogue.length, 'reward ids must be unique')
  .default(NONE);

export type Rewards = z.infer<typeof rewardsSchema>;
export type Reward = Rewards['catalogue'][number];
