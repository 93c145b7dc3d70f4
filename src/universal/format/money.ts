/** An amount in minor units as the visitor's language writes money: 4400 USD → "$44.00". */
export function formatMoney(minor: number, currency: string, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}
