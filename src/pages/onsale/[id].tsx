// /onsale/{id}: the waiting room of an on-sale (decision 0056). Sign-in first: a place in the queue is the
// member's own. The page joins the queue and shows the place, the wait and the news as they change.
import { eq } from 'drizzle-orm';
import { useTranslation } from '@/client/i18n';
import { QueueView } from '@/components/onsale/QueueView';
import frame from '@/components/ui/page.module.css';
import { PageTitle } from '@/components/ui/PageTitle';
import { withOutagePage } from '@/http/outage-page';
import { requireMember } from '@/http/require-member';
import { onsaleView, type OnsaleView } from '@/modules/onsale/schedule-onsale';
import { getDb } from '@/server/db/client';
import { onsales } from '@/server/db/schema';
import { translationProps } from '@/server/translations';
import { productTitleIn } from '@/universal/catalog-names';
import { serverNow } from '@/server/clock';

type Props = { onsale: Pick<OnsaleView, 'id' | 'productId' | 'day' | 'opensAt'>; beforeOpening: boolean };

export default function OnsalePage({ onsale, beforeOpening }: Props) {
  const { t } = useTranslation('onsale');
  const productTitle = onsale.productId ? productTitleIn(t, (k) => `catalog:${k}`, onsale.productId) : null;
  return (
    <div className={frame.page}>
      <PageTitle title={t('queue.title')} />
      <h1 className={frame.heading}>{t('queue.title')}</h1>
      <QueueView onsale={onsale} productTitle={productTitle} beforeOpening={beforeOpening} />
    </div>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const { session, redirect } = await requireMember(ctx);
  if (redirect) return { redirect };
  const id = String(ctx.params?.id ?? '');
  if (!UUID.test(id)) return { notFound: true };
  const [row] = await (await getDb()).select().from(onsales).where(eq(onsales.id, id));
  if (!row) return { notFound: true };
  const view = onsaleView(row);
  return {
    props: {
      ...(await translationProps(ctx.locale, ['onsale', 'catalog'])),
      session: JSON.parse(JSON.stringify(session)),
      onsale: { id: view.id, productId: view.productId, day: view.day, opensAt: view.opensAt },
      beforeOpening: serverNow() < row.opensAt,
    },
  };
});
