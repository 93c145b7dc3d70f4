// GET /api/staff/audit?before=ISO: the audit log, newest first (managers).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { listAudit } from '@/modules/staff/audit-log';
import { getDb } from '@/server/db/client';

const query = z.object({ before: z.iso.datetime({ offset: true, message: 'invalidField' }).optional() });

export default jsonRoute({
  method: 'GET',
  access: 'manager',
  async handle({ req }) {
    const { before } = query.parse(req.query);
    const rows = await listAudit(await getDb(), { before: before ? new Date(before) : undefined });
    return { status: 200, body: { entries: rows.map((r) => ({ ...r, at: r.at.toISOString() })) } };
  },
});
