// The `memberPlaces` section of config/program.json (decision 0041): the share of each slot's places kept
// for members of a tier and above until some hours before the slot, and the slots only a tier may book.
import { z } from 'zod';

const id = z.string().regex(/^[a-z0-9-]+$/);
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const memberPlacesSchema = z.strictObject({
  $comment: z.string().optional(),
  allotment: z.strictObject({
    /** The share of a slot's capacity kept, in whole percent, rounded down to whole places (floor). */
    percent: z.number().int().min(0).max(50),
    /** A product option's own share, in place of `percent` for its slots. */
    options: z.record(id, z.number().int().min(0).max(50)).default({}),
    /** The lowest tier that may book the places kept (tiers above it may too). */
    tier: id,
    /** This many hours before a slot starts, its places kept go back on general sale. */
    releaseHours: z.number().int().min(0).max(24 * 30),
  }),
  /** Slots only members of `tier` (and above) may book; everyone else sees them as not available to them. */
  memberOnlySlots: z
    .array(
      z.strictObject({
        productId: id,
        optionId: id,
        /** Days of the week, 0 Sunday to 6 Saturday (as in config/catalog.json). */
        weekdays: z.array(z.number().int().min(0).max(6)).min(1),
        /** The slots' start times (New York), or "first": the option's first slot of the day. */
        times: z.union([z.literal('first'), z.array(time).min(1)]),
        tier: id,
      }),
    )
    .default([]),
});

export type MemberPlaces = z.infer<typeof memberPlacesSchema>;
export type MemberOnlySlotRule = MemberPlaces['memberOnlySlots'][number];

/** No places kept and no member-only slots: a program that leaves the section out. */
export const NO_MEMBER_PLACES: MemberPlaces = { allotment: { percent: 0, options: {}, tier: 'none', releaseHours: 0 }, memberOnlySlots: [] };
