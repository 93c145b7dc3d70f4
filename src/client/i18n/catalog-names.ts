// Names from the catalogue's translations, in the page's language (src/universal/catalog-names.ts). A name
// the catalogue does not have (another supplier's product, OCTO_BASE_URL) is the one stored with the
// order when given, else the id, which staff read rather than a translation key. The page loads the
// catalog namespace.
import type { OrderView } from '@/modules/checkout/order-view';
import { optionTitleIn, productTitleIn, unitNameIn, withNamesIn } from '@/universal/catalog-names';
import type { TFunction } from './translate';

const inCatalog = (key: string) => `catalog:${key}`;
const lookup = (t: TFunction) => (key: string, options: { defaultValue: string }) => t(key, options);

export const productTitle = (t: TFunction, productId: string, stored?: string) => productTitleIn(lookup(t), inCatalog, productId, stored);
export const optionTitle = (t: TFunction, optionId: string, stored?: string) => optionTitleIn(lookup(t), inCatalog, optionId, stored);
export const unitName = (t: TFunction, unitId: string, stored?: string) => unitNameIn(lookup(t), inCatalog, unitId, stored);

/** An order as the member reads it: its product, option and line names in the page's language. Its
 * tickets stay the same array (their QR codes are drawn once per array): the Tickets list names them. */
export function orderInPageLanguage(t: TFunction, order: OrderView): OrderView {
  return withNamesIn(lookup(t), inCatalog, order);
}
