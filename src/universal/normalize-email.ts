/** E-mail addresses are compared and stored lower-cased and trimmed (docs/product.md#rules). Kept apart from
 * the zod schema so that the browser's sign-in store does not carry zod. */
export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}
