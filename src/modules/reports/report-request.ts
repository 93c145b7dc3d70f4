// What the report routes share: the query checked (a bad one is a translated 400 that reads nothing),
// the attraction's report for it, and the names a CSV writes in the caller's language.
import { BOX_OFFICE_CHANNEL } from './sales-report';
import { z } from 'zod';
import { ATTRACTION } from '@/config/attraction';
import type { Locale } from '@/config/locales';
import type { Database } from '@/server/db/client';
import { AppError } from '@/server/errors';
import { serverT } from '@/server/i18n';
import { todayIn } from '@/universal/local-date';
import { WEBSITE_RESELLER } from '../resellers/reseller-keys';
import { csvReportName, type ReportNames } from './report-csv';
import type { CsvReport } from '@/universal/report-kinds';
import { reportRange } from './report-range';
import { staffReport, type StaffReport } from './staff-report';
import { serverNow } from '@/server/clock';

const schema = z.object({ from: z.string().optional(), to: z.string().optional(), report: z.string().optional() });

/** The query's fields, each one value at most (?from=a&from=b is refused). */
function query(raw: unknown): z.infer<typeof schema> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION', 'invalidField', { field: String(parsed.error.issues[0]?.path[0] ?? 'query') });
}

/** The report of the period in `raw` (from, to); `ownInventory`: the website sells our own inventory
 * (wiring/supplier.ts's ownsInventory()); `now` for tests. */
export async function reportFor(db: Database, raw: unknown, ownInventory: boolean, now = serverNow()): Promise<StaffReport> {
  const { from, to } = query(raw);
  const range = reportRange({ from, to }, todayIn(ATTRACTION.timeZone, now));
  return staffReport(db, range, { timeZone: ATTRACTION.timeZone, currency: ATTRACTION.currency, now, ownInventory });
}

/** The CSV asked for by `report=`, checked before any query runs. */
export function csvReportOf(raw: unknown): CsvReport {
  return csvReportName(query(raw).report);
}

export function reportNames(locale: Locale): ReportNames {
  const catalog = serverT(locale, 'catalog');
  const drops = serverT(locale, 'drops');
  const staff = serverT(locale, 'staff');
  const profile = serverT(locale, 'profile');
  const addons = serverT(locale, 'addons');
  return {
    tier: (id) => profile(`program.tiers.${id}`),
    product: (id) => catalog(`products.${id}.title`),
    drop: (id) => drops(`${id}.name`),
    addon: (id) => addons(`names.${id}.title`),
    channel: (id) => (id === WEBSITE_RESELLER ? staff('reports.website') : id === BOX_OFFICE_CHANNEL ? staff('reports.boxOffice') : id),
  };
}
