// Managers edit the program as one document (decision 0044): a save checks the whole document against the
// schema, adds the next version with who and why, and records the audit line in the same transaction;
// nothing is saved while a problem remains. A save made from an older version than the newest (two
// managers at once) is refused rather than silently undoing the other's edit. Applied forward: a version
// changes what is priced, earned and reached from now on; orders priced and points written keep theirs.
import { desc, eq, sql } from 'drizzle-orm';
import type { Program } from '@/config/program-schema';
import type { Database } from '@/server/db/client';
import { signalProgramChanged } from '@/server/db/program-changed';
import { memberTiers, programVersions } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { enqueue } from '../jobs/enqueue';
import { recordAudit, type Actor } from '../staff/audit-log';
import { checkProgram, type ProgramIssue } from './program-issues';

export type ProgramVersion = { version: number; editedBy: string | null; reason: string; createdAt: string };

export type SaveProgram = { document: unknown; baseVersion: number; reason: string; by: Actor & { kind: 'staff'; email: string } };

export type SaveOutcome = { saved: true; version: number } | { saved: false; issues: ProgramIssue[] };

/** What makes members' tiers worth recomputing: the window and the thresholds. */
const tierShape = (p: Program) => JSON.stringify([p.windowMonths, p.tiers.map((t) => [t.id, t.visits])]);

export async function saveProgram(db: Database, request: SaveProgram, now: Date): Promise<SaveOutcome> {
  const checked = checkProgram(request.document);
  if ('issues' in checked) return { saved: false, issues: checked.issues };
  const reason = request.reason.trim();
  if (!reason) return { saved: false, issues: [{ path: 'reason', code: 'required', values: {} }] };
  const version = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // One save at a time: the newest version's row, locked.
    const [newest] = await tx.select().from(programVersions).orderBy(desc(programVersions.version)).limit(1).for('update');
    if (!newest || newest.version !== request.baseVersion) throw new AppError('PROGRAM_CHANGED', 'programChangedMeanwhile', { version: newest?.version ?? 0 });
    const next = newest.version + 1;
    await tx.insert(programVersions).values({ version: next, document: checked.program, editedBy: request.by.email, reason, createdAt: now });
    await recordAudit(tx, { actor: request.by, action: 'program.edit', target: `program v${next}`, before: { version: newest.version, ...newest.document }, after: { version: next, reason, ...checked.program } });
    // New thresholds or window: every member's tier is looked at again by the recurring sweep, now.
    const before = checkProgram(newest.document);
    if (!('program' in before) || tierShape(before.program) !== tierShape(checked.program)) {
      await tx.update(memberTiers).set({ recomputeOn: sql`'0000-01-01'` });
      await enqueue(tx, 'program.tiers', {});
    }
    return next;
  });
  signalProgramChanged(version, checked.program);
  return { saved: true, version };
}

/** Every version, newest first, without their documents. */
export async function programHistory(db: Database, limit = 50): Promise<ProgramVersion[]> {
  const rows = await db
    .select({ version: programVersions.version, editedBy: programVersions.editedBy, reason: programVersions.reason, createdAt: programVersions.createdAt })
    .from(programVersions)
    .orderBy(desc(programVersions.version))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** One version's document (the history's "show"). */
export async function programVersionDocument(db: Database, version: number): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select({ document: programVersions.document }).from(programVersions).where(eq(programVersions.version, version));
  return row?.document;
}
