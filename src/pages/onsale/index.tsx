// /onsale?product={id}&time={availabilityId}: where Book sends a member whose choice an on-sale covers
// (decision 0056): to that on-sale's waiting room, or back to the tickets when none covers it (any more).
import { withOutagePage } from '@/http/outage-page';
import { onsaleCovering } from '@/modules/onsale/queue-admission';
import { DEFAULT_LOCALE, isLocale } from '@/config/locales';
import { localizedPath } from '@/universal/localized-path';
import { getOnsaleDeps } from '@/wiring/onsale';

export default function OnsaleRedirect() {
  return null;
}

export const getServerSideProps = withOutagePage<Record<string, never>>(async (ctx) => {
  const locale = isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE;
  const product = typeof ctx.query.product === 'string' ? ctx.query.product.slice(0, 100) : '';
  const time = typeof ctx.query.time === 'string' ? ctx.query.time.slice(0, 40) : '';
  const covering = product && time ? await onsaleCovering(await getOnsaleDeps(), product, time) : undefined;
  const destination = covering ? `/onsale/${covering.id}` : '/products';
  return { redirect: { destination: localizedPath(destination, locale), permanent: false } };
});
