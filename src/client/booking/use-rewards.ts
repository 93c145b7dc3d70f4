// What the ticket page may offer a signed-in member (decision 0042): the rewards of the program with what
// each would take off the current choice and whether the confirmed balance pays for it, and the guest pass
// a new member joined with. The catalogue is config/program.json's (the server checks it), handed to the page
// as props rather than bundled (the whole program file weighed 1.8 KB gzip on every load; decision 0058); the
// amounts are the checkout's own rule (universal/reward-price.ts).
import useSWR from 'swr';
import { rewardAmount, type RewardRule } from '@/universal/reward-price';
import type { WebOption, WebProduct } from '@/universal/web-product';
import { useMembership } from '../loyalty/use-membership';
import { useMemberSession } from '../session/use-member-session';

type CatalogueReward = RewardRule & { id: string; points: number };

/** The program's rewards as the ticket page offers them, and the ticket a guest pass makes free. */
export type RewardsCatalogue = { catalogue: CatalogueReward[]; guestPassUnitId: string };

export type OfferedReward = { id: string; points: number; cents: number; affordable: boolean };
export type RewardOffer = { balance: number; rewards: OfferedReward[]; guestPass: { cents: number } | null };

async function getJson(url: string): Promise<{ open: boolean }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as { open: boolean };
}

export function useRewards({ catalogue, guestPassUnitId }: RewardsCatalogue, product: WebProduct | undefined, option: WebOption | undefined, quantities: Record<string, number>, percent: number): RewardOffer | null {
  const { status } = useMemberSession();
  const { data: membership } = useMembership();
  const { data: pass } = useSWR(status === 'authenticated' ? '/api/auth/program/guestPass' : null, getJson, { revalidateOnFocus: true });
  if (status !== 'authenticated' || !membership || !product || !option) return null;
  const balance = membership.points?.balance ?? 0;
  const on = { productId: product.id, option, quantities, percent };
  const rewards = catalogue
    .map((reward) => {
      const fromOption = reward.kind === 'upgrade' ? product.options.find((o) => o.id === reward.fromOptionId) : undefined;
      return { id: reward.id, points: reward.points, cents: rewardAmount(reward, { ...on, fromOption }), affordable: balance >= reward.points };
    })
    .filter((reward) => reward.cents > 0);
  const passCents = pass?.open ? rewardAmount({ kind: 'free-ticket', unitId: guestPassUnitId }, on) : 0;
  return { balance, rewards, guestPass: pass?.open ? { cents: passCents } : null };
}
