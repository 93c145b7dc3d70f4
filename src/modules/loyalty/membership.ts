// A member's membership as the site shows it: the tokens they hold, newest first.
import { and, desc, eq } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { DROPS } from '@/config/drops';
import type { Locale } from '@/config/locales';
import type { Database } from '@/server/db/client';
import { tokenIssues } from '@/server/db/schema';
import { serverT } from '@/server/i18n';
import { formatDate } from '@/universal/format/date-time';
import { todayIn } from '@/universal/local-date';

/** `earnedOn`: the New York day it was earned, as the visitor's language writes it ("Monday 11/23/2026"),
 * written here so that the profile shows it without starting Intl in the browser (docs/decisions/0022). */
export type MemberToken = { id: string; dropId: string; name: string; description: string; artwork: string; earnedAt: string; earnedOn: string };
export type Membership = { mintedTokenIds: string[]; tokens: MemberToken[] };

export async function getMembership(db: Database, userId: string, locale: Locale): Promise<Membership> {
  const t = serverT(locale, 'drops');
  const rows = await db
    .select({ tokenId: tokenIssues.tokenId, dropId: tokenIssues.dropId, issuedAt: tokenIssues.issuedAt })
    .from(tokenIssues)
    .where(and(eq(tokenIssues.userId, userId), eq(tokenIssues.status, 'issued')))
    .orderBy(desc(tokenIssues.issuedAt));
  const tokens = rows.map((row) => ({
    id: row.tokenId!,
    dropId: row.dropId,
    name: t(`${row.dropId}.name`),
    description: t(`${row.dropId}.description`),
    artwork: DROPS.find((d) => d.id === row.dropId)?.artwork ?? '',
    earnedAt: row.issuedAt!.toISOString(),
    earnedOn: formatDate(todayIn(TIME_ZONE, row.issuedAt!), locale),
  }));
  return { mintedTokenIds: tokens.map((token) => token.id), tokens };
}
