// The time left to pay (docs/product.md#states): expiry minus now minus a 5-minute safety margin, so that the
// member finishes paying while the hold still stands.
export const SAFETY_MARGIN_MS = 5 * 60_000;
export const TICK_MS = 1_000;

export function remainingMs(expirationTime: string, now: number): number {
  return new Date(expirationTime).getTime() - now - SAFETY_MARGIN_MS;
}

/** 'Xh Ym Zs', 'Ym Zs' or 'Zs'. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours}h ${minutes}m ${seconds}s`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}
