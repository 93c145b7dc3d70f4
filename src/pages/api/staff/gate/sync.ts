// POST /api/staff/gate/sync {scans: [{id, code, gate, scannedAt}]}: the scans a gate kept while offline,
// settled through the one admission path (decision 0054): per scan `admitted`, `already-admitted` (with
// when and at which gate) or `refused` (with the verdict) (staff).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { settleOfflineScans } from '@/modules/gate/settle-offline';
import { getGateDeps } from '@/wiring/gate';

export const config = { api: { bodyParser: false } };

const scan = z.strictObject({
  id: z.string().trim().min(1).max(64),
  code: z.string().trim().min(1, 'fieldRequired').max(400, 'fieldTooLong'),
  gate: z.string().trim().min(1).max(40),
  scannedAt: z.iso.datetime({ offset: true }),
});

export default jsonRoute({
  method: 'POST',
  access: 'staff',
  limitBytes: 512 * 1024,
  body: z.strictObject({ scans: z.array(scan).max(1000) }),
  async handle({ body, caller }) {
    const by = { kind: 'staff' as const, userId: caller.userId, email: caller.email };
    return { status: 200, body: { results: await settleOfflineScans(await getGateDeps(), body.scans, by) } };
  },
});
