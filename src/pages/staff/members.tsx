import { withOutagePage } from '@/http/outage-page';
import { useTranslation } from '@/client/i18n';
import { MemberRecordView } from '@/components/staff/MemberRecordView';
import styles from '@/components/staff/program-admin.module.css';
import { StaffPage } from '@/components/staff/StaffPage';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Link } from '@/components/ui/Link';
import { TextField } from '@/components/ui/TextField';
import { currentProgram } from '@/config/program';
import { isLocale } from '@/config/locales';
import { requireStaff } from '@/http/require-staff';
import { memberRecord, searchMembers, type MemberMatch, type MemberRecord } from '@/modules/program/member-lookup';
import type { StaffUser } from '@/modules/staff/roles';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { translationProps } from '@/server/translations';
import { localizedPath } from '@/universal/localized-path';
import { StaffMemberPass } from '@/components/passes/StaffMemberPass';
import { memberPasses, type MemberPassView } from '@/modules/passes/member-pass';

/** `passes`: the shown member's annual passes (decision 0051). */
type Props = { staff: StaffUser; query: string; matches: MemberMatch[] | null; record: MemberRecord | null; windowMonths: number; passes: MemberPassView[] };

/** Staff find a member by e-mail or name (decision 0044); the address keeps the search and the member. */
export default function MembersPage({ staff, query, matches, record, windowMonths, passes }: Props) {
  const { t, i18n } = useTranslation(['program-admin', 'profile']);
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const memberHref = (userId: string) => `/staff/members?q=${encodeURIComponent(query)}&member=${encodeURIComponent(userId)}`;
  return (
    <StaffPage title={t('members.title')} staff={staff}>
      <Card>
        <form method="get" action={localizedPath('/staff/members', locale)} className={styles.searchForm} role="search">
          <TextField label={t('members.search')} hint={t('members.searchHint')} name="q" defaultValue={query} minLength={2} maxLength={100} required />
          <Button type="submit">{t('members.find')}</Button>
        </form>
        {matches && (
          <>
            <h2 id="member-matches">{t('members.matches', { count: matches.length })}</h2>
            {matches.length > 0 && (
              <ul className={styles.results} aria-labelledby="member-matches">
                {matches.map((m) => (
                  <li key={m.userId}>
                    <Link href={memberHref(m.userId)} aria-current={record?.userId === m.userId ? 'true' : undefined}>
                      {m.name} · {m.email} · {t(`profile:program.tiers.${m.tierId}`, { defaultValue: m.tierId })}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </Card>
      {record && <MemberRecordView record={record} role={staff.role} windowMonths={windowMonths} />}
      {record && (
        <Card>
          <StaffMemberPass passes={passes} />
        </Card>
      )}
    </StaffPage>
  );
}

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');

export const getServerSideProps = withOutagePage<Props>(async (ctx) => {
  const access = await requireStaff(ctx);
  if (!('staff' in access)) return access;
  const translations = await translationProps(ctx.locale, ['staff', 'program-admin', 'profile', 'catalog', 'passes']);
  const db = await getDb();
  const query = one(ctx.query.q);
  const userId = one(ctx.query.member);
  const [matches, record] = await Promise.all([query.length >= 2 ? searchMembers(db, query) : null, userId ? memberRecord(db, userId, serverNow()) : undefined]);
  // A single match opens at once.
  const shown = record ?? (matches?.length === 1 ? await memberRecord(db, matches[0]!.userId, serverNow()) : undefined);
  const passes = shown ? await memberPasses(db, shown.userId, serverNow()) : [];
  return { props: { ...translations, staff: access.staff, query, matches, record: shown ?? null, windowMonths: currentProgram().windowMonths, passes } };
});
