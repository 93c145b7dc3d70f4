// Where the deck's count stands against its limit (decision 0045), for the page and the server alike:
// a warning from warnPercent of the limit, an alarm once the deck is full (at or over the limit).
export type OccupancyLevel = 'normal' | 'near' | 'full';

export function occupancyLevel({ inside, limit }: { inside: number; limit: number }, warnPercent: number): OccupancyLevel {
  if (inside >= limit) return 'full';
  return inside * 100 >= limit * warnPercent ? 'near' : 'normal';
}
