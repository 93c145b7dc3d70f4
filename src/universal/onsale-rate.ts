/** Buyers an on-sale's queue lets through a minute when a manager names no rate (decision 0056): what one
 * small server serves with p99 under 2 s, measured by bench/onsale.mjs. */
export const DEFAULT_RATE_PER_MINUTE = 600;
