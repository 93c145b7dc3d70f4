// Names from the catalogue's translations. Another supplier's products (OCTO_BASE_URL) are not in our
// catalogue: staff read their ids rather than a translation key.
import type { TFunction } from './translate';

export const productTitle = (t: TFunction, productId: string) => t(`catalog:products.${productId}.title`, { defaultValue: productId });
export const optionTitle = (t: TFunction, optionId: string) => t(`catalog:options.${optionId}.title`, { defaultValue: optionId });
export const unitName = (t: TFunction, unitId: string) => t(`catalog:units.${unitId.toUpperCase()}`, { defaultValue: unitId });
