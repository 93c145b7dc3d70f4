// /staff/promos (managers): create promo codes, see their uses, pause or resume them (decision 0049).
import { useRouter } from 'next/router';
import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { PromoCodeForm } from '@/components/staff/PromoCodeForm';
import { PromoCodeTable } from '@/components/staff/PromoCodeTable';
import { StaffPage } from '@/components/staff/StaffPage';
import { Card } from '@/components/ui/Card';
import { ATTRACTION } from '@/config/attraction';
import { currentCatalog } from '@/config/catalog';
import { requireStaff } from '@/http/require-staff';
import { listPromos, type PromoListing } from '@/modules/promos/manage-promos';
import type { StaffUser } from '@/modules/staff/roles';
import { getDb } from '@/server/db/client';
import { translationProps } from '@/server/translations';
import { productTitleIn } from '@/universal/catalog-names';

type Props = { staff: StaffUser; forbidden?: boolean; promos?: PromoListing[]; productIds?: string[]; currency?: string };

export default function PromosPage({ staff, forbidden, promos, productIds, currency }: Props) {
  const { t } = useTranslation('promos');
  const { replace, asPath } = useRouter();
  // Created or paused: the list is read again from the server.
  const reload = () => void replace(asPath, undefined, { scroll: false });
  const products = (productIds ?? []).map((id) => ({ id, title: productTitleIn(t, (k) => `catalog:${k}`, id) }));
  return (
    <StaffPage title={t('staff.title')} staff={staff} forbidden={forbidden}>
      {promos && (
        <>
          <Card>
            <h2>{t('staff.createHeading')}</h2>
            <p>{t('staff.rule')}</p>
            <PromoCodeForm products={products} onCreated={reload} />
          </Card>
          <Card>
            <h2>{t('staff.listHeading')}</h2>
            <PromoCodeTable promos={promos} currency={currency ?? 'USD'} onChanged={reload} />
          </Card>
        </>
      )}
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx, 'manager');
  if (!('staff' in access)) return access;
  const translations = await translationProps(ctx.locale, ['staff', 'promos', 'catalog']);
  if (access.forbidden) return { props: { ...translations, staff: access.staff, forbidden: true } };
  const promos = await listPromos(await getDb());
  return { props: { ...translations, staff: access.staff, promos: JSON.parse(JSON.stringify(promos)) as PromoListing[], productIds: currentCatalog().products.map((p) => p.id), currency: ATTRACTION.currency } };
});
