// The member places of the ambassador program (decision 0041): the `memberPlaces` section of
// config/program.json, its tiers checked against the program's. Synchronous, like currentProgram().
import { ConfigFileError } from './check-file';
import { NO_MEMBER_PLACES, type MemberPlaces } from './program-member-places-schema';
import { currentProgram } from './program';

let checked: { program: ReturnType<typeof currentProgram>; places: MemberPlaces } | undefined;

/** The section of the program in force (a manager's new version applies at once, decision 0044), or none
 * kept and no member-only slot when the program leaves it out. */
export function currentMemberPlaces(): MemberPlaces {
  const program = currentProgram();
  if (checked?.program !== program) checked = { program, places: withKnownTiers(program.memberPlaces ?? NO_MEMBER_PLACES) };
  return checked.places;
}

function withKnownTiers(places: MemberPlaces): MemberPlaces {
  const tiers = new Set(currentProgram().tiers.map((t) => t.id));
  const unknown = (tier: string) => new ConfigFileError(`config/program.json: memberPlaces: no tier "${tier}" in tiers`);
  if (places !== NO_MEMBER_PLACES && !tiers.has(places.allotment.tier)) throw unknown(places.allotment.tier);
  const stray = places.memberOnlySlots.find((rule) => !tiers.has(rule.tier));
  if (stray) throw unknown(stray.tier);
  return places;
}

/** The program's highest tier: who sees every place of every slot (the staff's views, the waitlist's count). */
export function topTier(): string {
  return currentProgram().tiers.at(-1)!.id;
}

/** A tier's rank in the program (0 for the first); -1 for no member at all (a reseller, a visitor). */
export function tierRank(tierId: string | null | undefined): number {
  if (!tierId) return -1;
  const rank = currentProgram().tiers.findIndex((t) => t.id === tierId);
  // A tier the program no longer has reads as the first, as member-perks.ts has it.
  return Math.max(rank, 0);
}
