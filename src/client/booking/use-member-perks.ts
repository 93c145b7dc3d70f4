// The signed-in member's tier perks as the ticket page applies them (decision 0038): its member discount
// and its extra tickets per booking, from the membership the site already polls. Null for a visitor, or
// a member whose tier gives neither.
import { useMembership } from '@/client/loyalty/use-membership';

export type ShownPerks = { tierName: string; discountPercent: number; extraTickets: number };

export function useMemberPerks(): ShownPerks | null {
  const { data } = useMembership();
  if (!data?.perks) return null;
  const { memberDiscountPercent, extraTicketsPerBooking } = data.perks;
  if (memberDiscountPercent <= 0 && extraTicketsPerBooking <= 0) return null;
  return { tierName: data.tier.name, discountPercent: memberDiscountPercent, extraTickets: extraTicketsPerBooking };
}
