// The program report's lines that other parts of the ambassador program provide (decision 0044): each
// reads its own figure for the report's period. Rewards (`rewardsRedeemed(db, {from, to})`) and the
// member allotment (`allotmentUse(db, {from, to})`) plug in here, one entry each, when they exist;
// the page and the CSV show every entry under its key (locales/*/program-admin.json, reports.lines.<key>).
import { allotmentUse } from '@/modules/program/allotment-use';
import type { Database } from '@/server/db/client';
import type { ReportRange } from './report-range';

export type ProgramReportLineKey = 'rewardsRedeemed' | 'allotmentUse';

export type ProgramReportLine = { key: ProgramReportLineKey; read: (db: Database, range: ReportRange) => Promise<number> };

export const PROGRAM_REPORT_LINES: ProgramReportLine[] = [
  // { key: 'rewardsRedeemed', read: rewardsRedeemed },
  // Places members booked from the places kept for them (decision 0041), over the period's days.
  { key: 'allotmentUse', read: async (db, range) => (await allotmentUse(db, range)).reduce((sum, day) => sum + day.booked, 0) },
];
