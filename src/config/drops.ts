// The collectible drops as configuration (config/drops.json), checked when loaded.
import { z } from 'zod';
import raw from '../../config/drops.json';

export const TRIGGERS = ['joined', 'booking-confirmed', 'ticket-redeemed'] as const;
export type Trigger = (typeof TRIGGERS)[number];

const dropsSchema = z.object({
  drops: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        trigger: z.enum(TRIGGERS),
        productId: z.string().optional(),
        artwork: z.string().startsWith('/'),
        poapEventId: z.number().int().positive().nullable(),
      }),
    )
    .min(1),
});

export type DropConfig = z.infer<typeof dropsSchema>['drops'][number];

export const DROPS: DropConfig[] = dropsSchema.parse(raw).drops;

/** The drops an event earns: those of its trigger, and of its product when a drop names one. */
export function dropsFor(trigger: Trigger, productId?: string): DropConfig[] {
  return DROPS.filter((d) => d.trigger === trigger && (!d.productId || d.productId === productId));
}
