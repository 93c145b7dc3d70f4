import { useState } from 'react';
import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { ProgramEditor } from '@/components/staff/ProgramEditor';
import { ProgramHistory } from '@/components/staff/ProgramHistory';
import { StaffPage } from '@/components/staff/StaffPage';
import type { Program } from '@/config/program-schema';
import { requireStaff } from '@/http/require-staff';
import { newestProgram } from '@/modules/program/program-cache';
import { programHistory, type ProgramVersion } from '@/modules/program/program-versions';
import type { StaffUser } from '@/modules/staff/roles';
import { getDb } from '@/server/db/client';
import { translationProps } from '@/server/translations';

type Props = { staff: StaffUser; forbidden?: boolean; version?: number; document?: Program & Record<string, unknown>; history?: ProgramVersion[] };

export default function ProgramPage({ staff, forbidden, version, document, history }: Props) {
  const { t } = useTranslation('program-admin');
  const [saved, setSaved] = useState<number>();
  return (
    <StaffPage title={t('program.title')} staff={staff} forbidden={forbidden}>
      {version !== undefined && document && history && (
        <>
          <p>{t('program.intro', { version })}</p>
          {/* A new version remounts the form with the saved document. */}
          <ProgramEditor key={version} version={version} document={document} justSaved={saved === version} onSaved={setSaved} />
          <ProgramHistory history={history} />
        </>
      )}
    </StaffPage>
  );
}

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx, 'manager');
  if (!('staff' in access)) return access;
  const translations = await translationProps(ctx.locale, ['staff', 'program-admin', 'profile']);
  if (access.forbidden) return { props: { ...translations, staff: access.staff, forbidden: true } };
  const db = await getDb();
  // The database's newest version, not this server's memory of it: the form edits what is saved.
  const [{ version, program }, history] = await Promise.all([newestProgram(db), programHistory(db)]);
  return { props: { ...translations, staff: access.staff, version, document: program as Props['document'], history } };
});
