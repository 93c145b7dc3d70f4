// GET /api/staff/reports/csv?report=sales-by-day&from=…&to=…: one report of the period as a CSV file
// (managers).
import { jsonRoute } from '@/http/route';
import { csvFilename, reportCsv } from '@/modules/reports/report-csv';
import { csvReportOf, reportFor, reportNames } from '@/modules/reports/report-request';
import { getDb } from '@/server/db/client';
import { ownsInventory } from '@/wiring/supplier';

export default jsonRoute({
  method: 'GET',
  access: 'manager',
  validationStatus: 400,
  async handle({ req, locale }) {
    const kind = csvReportOf(req.query);
    const report = await reportFor(await getDb(), req.query, ownsInventory());
    return { status: 200, body: reportCsv(report, kind, reportNames(locale)), download: { filename: csvFilename(report, kind), contentType: 'text/csv; charset=utf-8' } };
  },
});
