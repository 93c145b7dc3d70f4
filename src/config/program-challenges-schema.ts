// The `challenges` section of config/program.json (Sky Moments, decision 0043): what a member's visits must
// show to complete each challenge, the token (a drop of config/drops.json with the trigger
// "challenge-completed") and the points it earns. Names and progress texts are in locales/{lng}/moments.json.
import { z } from 'zod';

const id = z.string().regex(/^[a-z0-9-]+$/);

/** What completes a challenge, judged from the member's counted visits (New York dates). */
export const challengeRuleSchema = z.discriminatedUnion('kind', [
  /** A visit in each of spring (Mar-May), summer (Jun-Aug), autumn (Sep-Nov) and winter (Dec-Feb), all
   * within `withinMonths` of the first of them. */
  z.strictObject({ kind: z.literal('seasons'), withinMonths: z.number().int().min(3).max(60) }),
  /** One visit in the first slot of its option's day and one (another) in the last: a sunrise and a sunset. */
  z.strictObject({ kind: z.literal('first-and-last-slot') }),
  /** Visits in `months` consecutive calendar months. */
  z.strictObject({ kind: z.literal('months-in-a-row'), months: z.number().int().min(2).max(24) }),
  /** A visit with a booking of at least `tickets` tickets: the member brought a party. */
  z.strictObject({ kind: z.literal('party-size'), tickets: z.number().int().min(2).max(50) }),
]);

export const challengesSchema = z
  .array(
    z.strictObject({
      id,
      rule: challengeRuleSchema,
      /** The drop whose token the challenge earns. */
      dropId: id,
      /** Points earned on completion, confirmed at once. */
      points: z.number().int().min(0).max(100_000),
      /** Shown as "a secret challenge" until the member completes it. */
      hidden: z.boolean().default(false),
    }),
  )
  .refine((challenges) => new Set(challenges.map((c) => c.id)).size === challenges.length, 'challenge ids must be unique');

export type Challenge = z.infer<typeof challengesSchema>[number];
export type ChallengeRule = Challenge['rule'];
