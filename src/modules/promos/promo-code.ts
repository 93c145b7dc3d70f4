// A promo code as members type it and as it is stored: trimmed, upper case (codes are case-insensitive).
export const normalizePromoCode = (code: string): string => code.trim().toUpperCase();

/** What a manager may name a code: letters, digits and dashes, 3 to 30. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,30}$/;
