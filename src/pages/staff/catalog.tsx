// /staff/catalog (managers, decision 0055): the catalogue as one versioned document — products, options,
// units, prices and dated prices, schedules, capacities, closed days, limits, cancellation policy and texts
// in every language — with a preview of /products from the unsaved draft, and the version history.
import { useState } from 'react';
import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { CatalogEditor, type CatalogDocument } from '@/components/staff/CatalogEditor';
import { ProgramHistory } from '@/components/staff/ProgramHistory';
import { StaffPage } from '@/components/staff/StaffPage';
import { requireStaff } from '@/http/require-staff';
import { catalogDocument } from '@/modules/catalog/catalog-document';
import { catalogImages } from '@/modules/catalog/catalog-images';
import type { DocumentVersion } from '@/modules/documents/versioned-document';
import type { StaffUser } from '@/modules/staff/roles';
import { getDb } from '@/server/db/client';
import { translationProps } from '@/server/translations';

type Props = { staff: StaffUser; forbidden?: boolean; version?: number; document?: CatalogDocument; history?: DocumentVersion[]; images?: string[] };

export default function CatalogPage({ staff, forbidden, version, document, history, images }: Props) {
  const { t } = useTranslation('catalog-admin');
  const [saved, setSaved] = useState<number>();
  return (
    <StaffPage title={t('pageTitle')} staff={staff} forbidden={forbidden}>
      {version !== undefined && document && history && (
        <>
          <p>{t('intro', { version })}</p>
          {/* A new version remounts the form with the saved document. */}
          <CatalogEditor key={version} version={version} document={document} images={images ?? []} justSaved={saved === version} onSaved={setSaved} />
          <ProgramHistory history={history} seedLabel={t('seed')} />
        </>
      )}
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx, 'manager');
  if (!('staff' in access)) return access;
  const translations = await translationProps(ctx.locale, ['staff', 'catalog-admin', 'program-admin', 'products']);
  if (access.forbidden) return { props: { ...translations, staff: access.staff, forbidden: true } };
  const db = await getDb();
  // The database's newest version, not this server's memory of it: the form edits what is saved.
  const [{ version, document }, history] = await Promise.all([catalogDocument.newest(db), catalogDocument.history(db)]);
  return { props: { ...translations, staff: access.staff, version, document: JSON.parse(JSON.stringify(document)) as CatalogDocument, history, images: catalogImages() } };
});
