// The collectible drops (config/drops.json). Checked against src/config/drops-schema.ts at start-up;
// read here without zod, as the home page shows them in the browser.
import raw from '../../config/drops.json';

/** challenge-completed: earned only by a Sky Moments challenge that names the drop (config/program.json). */
export const TRIGGERS = ['joined', 'booking-confirmed', 'ticket-redeemed', 'challenge-completed'] as const;
export type Trigger = (typeof TRIGGERS)[number];

export type DropConfig = { id: string; trigger: Trigger; productId?: string; artwork: string; poapEventId: number | null };

export const DROPS = raw.drops as DropConfig[];

/** The drops an event earns: those of its trigger, and of its product when a drop names one. */
export function dropsFor(trigger: Trigger, productId?: string): DropConfig[] {
  return DROPS.filter((d) => d.trigger === trigger && (!d.productId || d.productId === productId));
}
