// The shape config/drops.json must have; checked at start-up (src/config/check-all.ts).
import { z } from 'zod';
import { TRIGGERS } from './drops';

export const dropsSchema = z.object({
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
    .min(1)
    .refine((drops) => new Set(drops.map((d) => d.id)).size === drops.length, 'drop ids must be unique'),
});
