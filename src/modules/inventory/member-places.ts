// Who may take which places of a slot (decision 0041): the members' allotment and the member-only slots
// of the program, as pure rules the count under the slot's lock and the availability answers share.
//
// The allotment is kept without bookkeeping of its own: a buyer who may not use it (an Explorer, a
// reseller, no member) is sold a place only while `kept` places stay free after it; a member of the
// allotment's tier or above may take any free place. So members draw on the general places first and
// the places kept are the last to go, and no one can ever take more than the slot has.
import { currentMemberPlaces, tierRank } from '@/config/member-places';
import type { MemberOnlySlotRule } from '@/config/program-member-places-schema';
import { weekdayOf } from '@/universal/local-date';
import type { OptionRow } from './catalog';
import type { Slot } from './schedule';

/** The member tier a hold is for: the website's signed-in member's, null for a reseller's. */
export type Buyer = { memberTier: string | null };

export const NO_MEMBER: Buyer = { memberTier: null };

const HOUR_MS = 3_600_000;

/** The share of a slot's places the program keeps: floor(capacity × percent / 100), whole places. */
export function allotmentOf(optionId: string, capacity: number): number {
  const { allotment } = currentMemberPlaces();
  const percent = allotment.options[optionId] ?? allotment.percent;
  return Math.floor((Math.max(capacity, 0) * percent) / 100);
}

/** When a slot's places kept go back on general sale: `releaseHours` before it starts. */
export function releaseOf(slot: Pick<Slot, 'start'>): Date {
  return new Date(slot.start.getTime() - currentMemberPlaces().allotment.releaseHours * HOUR_MS);
}

/** Places of a slot kept for members at `at`: its allotment until the release, then 0. */
export function keptForMembers(optionId: string, capacity: number, slot: Pick<Slot, 'start'>, at: Date): number {
  return at.getTime() >= releaseOf(slot).getTime() ? 0 : allotmentOf(optionId, capacity);
}

/** Whether the buyer's tier may take the places kept for members. */
export function mayUseAllotment(buyer: Buyer): boolean {
  return buyer.memberTier !== null && tierRank(buyer.memberTier) >= tierRank(currentMemberPlaces().allotment.tier);
}

/** The places a buyer may take: all the free ones, or those beyond the places still kept. */
export function vacanciesFor(buyer: Buyer, vacancies: number, kept: number): number {
  return mayUseAllotment(buyer) ? vacancies : vacancies - kept;
}

/** The places kept for members taken by a hold of `wanted` places leaving `vacancies - wanted` free. */
export function allotmentDrawn(vacancies: number, kept: number, wanted: number): number {
  return Math.max(0, Math.min(wanted, kept - (vacancies - wanted)));
}

function ruleMatches(rule: MemberOnlySlotRule, option: OptionRow, slot: Slot): boolean {
  if (rule.productId !== option.productId || rule.optionId !== option.id || !rule.weekdays.includes(weekdayOf(slot.localDate))) return false;
  const time = slot.localDateTimeStart.slice(11, 16);
  return rule.times === 'first' ? [...option.startTimes].sort()[0] === time : rule.times.includes(time);
}

/** The tier a slot is kept for (its members and higher tiers alone may book it), or null for everyone's. */
export function memberOnlyTier(option: OptionRow, slot: Slot): string | null {
  const rules = currentMemberPlaces().memberOnlySlots.filter((rule) => ruleMatches(rule, option, slot));
  if (rules.length === 0) return null;
  // Two rules on one slot: the higher tier's wins.
  return rules.map((r) => r.tier).sort((a, b) => tierRank(b) - tierRank(a))[0]!;
}

/** Whether a buyer may book a slot kept for `tier` (null: anyone may). */
export function mayBookSlot(buyer: Buyer, tier: string | null): boolean {
  return tier === null || (buyer.memberTier !== null && tierRank(buyer.memberTier) >= tierRank(tier));
}

/** A slot as one buyer sees it: the members' allotment not yet sold is out of sight (capacity and places)
 * for a buyer who may not use it; `keptForMembers` is how many of the places shown only the allotment
 * gives; `membersOnlyTier` names the tier a slot is kept for when the buyer's is below it. */
export type SlotView = { capacity: number; vacancies: number; keptForMembers: number; membersOnlyTier: string | null };

export function slotAsSeenBy(buyer: Buyer, option: OptionRow, slot: Slot, capacity: number, taken: number, at: Date): SlotView {
  const tier = memberOnlyTier(option, slot);
  const free = capacity - taken;
  const unsold = Math.min(keptForMembers(option.id, capacity, slot, at), Math.max(free, 0));
  const seen = mayUseAllotment(buyer) ? { capacity, vacancies: free, keptForMembers: unsold } : { capacity: capacity - unsold, vacancies: free - unsold, keptForMembers: 0 };
  return { ...seen, membersOnlyTier: mayBookSlot(buyer, tier) ? null : tier };
}
