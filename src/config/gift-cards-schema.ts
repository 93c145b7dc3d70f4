// The shape config/gift-cards.json must have (docs/decisions/0047); checked at start-up (check-all.ts).
import { z } from 'zod';

const cents = z.number().int().positive();

export const giftCardsSchema = z
  .object({
    /** The amounts offered as buttons. */
    presets: z.array(cents).min(1),
    min: cents,
    max: cents,
    /** Any other amount is a multiple of this. */
    step: cents,
    /** From the purchase; unused value is then lost (and leaves the liability). */
    validMonths: z.number().int().min(1).max(120),
    /** How far ahead the delivery date may be. */
    deliverWithinDays: z.number().int().min(0).max(730),
  })
  .refine((c) => c.min <= c.max, 'min must not be above max')
  .refine((c) => c.min % c.step === 0 && c.max % c.step === 0, 'min and max must be multiples of step')
  .refine((c) => c.presets.every((p) => p >= c.min && p <= c.max && p % c.step === 0), 'every preset must be a step between min and max');

export type GiftCardRules = z.infer<typeof giftCardsSchema>;
