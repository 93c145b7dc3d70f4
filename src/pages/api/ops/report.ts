// GET /api/ops/report?from=…&to=…[&report=…]: the managers' report for the operator's key (npm run ops --
// report): JSON, or with `report=` that report as CSV.
import { jsonRoute } from '@/http/route';
import { csvFilename, reportCsv } from '@/modules/reports/report-csv';
import { csvReportOf, reportFor, reportNames } from '@/modules/reports/report-request';
import { getDb } from '@/server/db/client';
import { ownsInventory } from '@/wiring/supplier';

export default jsonRoute({
  method: 'GET',
  access: 'operator',
  validationStatus: 400,
  async handle({ req, locale }) {
    const kind = req.query.report === undefined ? undefined : csvReportOf(req.query);
    const report = await reportFor(await getDb(), req.query, ownsInventory());
    if (!kind) return { status: 200, body: report };
    return { status: 200, body: reportCsv(report, kind, reportNames(locale)), download: { filename: csvFilename(report, kind), contentType: 'text/csv; charset=utf-8' } };
  },
});
