// OCTO capabilities: content and pricing fields are sent only to resellers that ask for them; the
// webhooks endpoints answer only those that ask for octo/webhooks. Capabilities we do not have are ignored.
export const SUPPORTED_CAPABILITIES = ['octo/content', 'octo/pricing', 'octo/webhooks'] as const;
export type Capability = (typeof SUPPORTED_CAPABILITIES)[number];

const CONTENT_FIELDS = new Set(['title', 'shortDescription', 'description', 'coverImageUrl', 'features', 'faqs', 'media', 'durationMinutesFrom']);
const PRICING_FIELDS = new Set([
  'pricing',
  'pricingFrom',
  'unitPricing',
  'unitPricingFrom',
  'defaultCurrency',
  'availableCurrencies',
  'pricingPer',
]);

/** GET /capabilities: what a reseller may ask for. */
export const CAPABILITY_LIST = SUPPORTED_CAPABILITIES.map((id) => ({ id, revision: 1, required: false, dependencies: [], docs: null }));

export function requestedCapabilities(header: string | string[] | undefined): Capability[] {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((v) => v.trim());
  return SUPPORTED_CAPABILITIES.filter((c) => values.includes(c));
}

/** A copy of `value` without the fields of the capabilities that were not asked for. */
export function withCapabilities<T>(value: T, capabilities: Capability[]): T {
  const drop = new Set<string>([
    ...(capabilities.includes('octo/content') ? [] : CONTENT_FIELDS),
    ...(capabilities.includes('octo/pricing') ? [] : PRICING_FIELDS),
  ]);
  if (drop.size === 0) return value;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).filter(([k]) => !drop.has(k)).map(([k, v]) => [k, strip(v)]));
    }
    return node;
  };
  return strip(value) as T;
}
