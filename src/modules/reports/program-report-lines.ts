// The program report's lines that other parts of the ambassador program provide (decision 0044): each
// reads its own figure for the report's period: rewards redeemed and guest passes used (decision 0042) and
// the member places used (decision 0041); the page and the CSV show every entry under its key
// (locales/*/program-admin.json, reports.lines.<key>).
import { allotmentBooked } from '@/modules/program/allotment-use';
import { guestPassesUsed, rewardsRedeemed } from '@/modules/program/reward-reports';
import type { Database } from '@/server/db/client';
import type { ReportRange } from './report-range';

export type ProgramReportLineKey = 'rewardsRedeemed' | 'guestPassesUsed' | 'allotmentUse';

export type ProgramReportLine = { key: ProgramReportLineKey; read: (db: Database, range: ReportRange) => Promise<number> };

export const PROGRAM_REPORT_LINES: ProgramReportLine[] = [
  // Rewards bought with points on orders paid in the period, not given back (decision 0042).
  { key: 'rewardsRedeemed', read: async (db, range) => (await rewardsRedeemed(db, range)).total },
  // Friends' bookings paid with a guest pass in the period (decision 0042).
  { key: 'guestPassesUsed', read: async (db, range) => (await guestPassesUsed(db, range)).used },
  // Places members booked from the places kept for them (decision 0041), over the period's days.
  { key: 'allotmentUse', read: (db, range) => allotmentBooked(db, range) },
];
