// The signed-in member's annual passes (decision 0051), from GET /api/passes; null for a visitor. The
// ticket page offers a visit "with my annual pass" while one is active; the profile shows them.
import useSWR from 'swr';
import type { MemberPassView } from '@/modules/passes/member-pass';
import { useMemberSession } from '../session/use-member-session';

export const PASSES_KEY = '/api/passes';

async function getPasses(url: string): Promise<MemberPassView[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ((await response.json()) as { passes: MemberPassView[] }).passes;
}

export function usePasses(initial?: MemberPassView[]) {
  const { status } = useMemberSession();
  return useSWR(status === 'authenticated' ? PASSES_KEY : null, getPasses, { fallbackData: initial, revalidateOnFocus: true, errorRetryCount: 3 });
}

/** The member's pass a visit would be booked with: the active one that ends last. */
export function activePass(passes: MemberPassView[] | undefined): MemberPassView | undefined {
  return passes?.filter((p) => p.status === 'ACTIVE' && !p.giftFor).sort((a, b) => (b.endsOn ?? '').localeCompare(a.endsOn ?? ''))[0];
}
