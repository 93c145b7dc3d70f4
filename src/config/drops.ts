// The collectible drops (config/drops.json). Checked against src/config/drops-schema.ts at start-up;
// read here without zod, as the home page shows them in the browser.
import raw from '../../config/drops.json';
import program from '../../config/program.json';

/** challenge-completed: earned only by a Sky Moments challenge that names the drop (config/program.json). */
export const TRIGGERS = ['joined', 'booking-confirmed', 'ticket-redeemed', 'challenge-completed'] as const;
export type Trigger = (typeof TRIGGERS)[number];

export type DropConfig = { id: string; trigger: Trigger; productId?: string; artwork: string; poapEventId: number | null };

export const DROPS = raw.drops as DropConfig[];

/** The drops an event earns: those of its trigger, and of its product when a drop names one. */
export function dropsFor(trigger: Trigger, productId?: string): DropConfig[] {
  return DROPS.filter((d) => d.trigger === trigger && (!d.productId || d.productId === productId));
}

/** The drops the home page's collection shows: all but the tokens of hidden challenges, which would give
 * the secret away (decision 0043). */
export const SHOWN_DROPS = DROPS.filter((drop) => !((program.challenges ?? []) as { dropId: string; hidden?: boolean }[]).some((c) => c.hidden && c.dropId === drop.id));
