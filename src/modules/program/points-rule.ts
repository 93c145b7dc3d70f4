// The points rule, pure (decision 0037): what one ticket earns, and until when confirmed points count.
import type { PointsRules } from '@/config/points-schema';
import { addLocalMonths } from './tier-rule';

/** The points a ticket of `unitId` in `productId` earns: the product's own table, else the program's; 0 for a unit neither lists. */
export function pointsForTicket(rules: PointsRules, productId: string, unitId: string): number {
  return rules.products[productId]?.[unitId] ?? rules.perUnit[unitId] ?? 0;
}

/** The first New York date on which points confirmed on `confirmedOn` no longer count. */
export function pointsExpireOn(rules: PointsRules, confirmedOn: string): string {
  return addLocalMonths(confirmedOn, rules.expiryMonths);
}

export type PointsLine = { state: 'pending' | 'confirmed' | 'void' | 'expired'; points: number; spent: number; expiresOn: string | null };
export type PointsSummary = { balance: number; pending: number; nextExpiry: { points: number; on: string } | null };

/** A member's points on `today` (New York): confirmed and unspent, not yet expired (the expiry job may not
 * have run yet today), the pending ones, and the soonest date some of the balance expires. */
export function summarizePoints(lines: PointsLine[], today: string): PointsSummary {
  let balance = 0;
  let pending = 0;
  const byDate = new Map<string, number>();
  for (const line of lines) {
    if (line.state === 'pending') pending += line.points;
    if (line.state !== 'confirmed' || !line.expiresOn || line.expiresOn <= today) continue;
    const left = line.points - line.spent;
    if (left <= 0) continue;
    balance += left;
    byDate.set(line.expiresOn, (byDate.get(line.expiresOn) ?? 0) + left);
  }
  const [on] = [...byDate.keys()].sort();
  return { balance, pending, nextExpiry: on ? { points: byDate.get(on)!, on } : null };
}
