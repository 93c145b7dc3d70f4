// Checks of a card's fields that need no gateway: used by the card form and by the test gateway.

/** The Luhn check that every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return /^\d{12,19}$/.test(digits) && sum % 10 === 0;
}

/** Whether a card expiring at the end of `month`/`year` (2- or 4-digit) is still valid at `now`. */
export function expiryValid(month: number, year: number, now: Date): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  return Number.isInteger(month) && month >= 1 && month <= 12 && new Date(Date.UTC(fullYear, month, 1)) > now;
}
