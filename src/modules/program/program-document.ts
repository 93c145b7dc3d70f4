// The program as a versioned document (decision 0044, mechanism shared with the catalogue: decision 0055).
import { sql } from 'drizzle-orm';
import { programSchema, type Program } from '@/config/program-schema';
import type { Database } from '@/server/db/client';
import { memberTiers, programVersions } from '@/server/db/schema';
import { versionedDocument } from '../documents/versioned-document';
import { RULES_TTL_MS } from '../inventory/calendar-rules-cache';
import { enqueue } from '../jobs/enqueue';
import { checkProgram } from './program-issues';

/** What makes members' tiers worth recomputing: the window and the thresholds. */
const tierShape = (p: Program) => JSON.stringify([p.windowMonths, p.tiers.map((t) => [t.id, t.visits])]);

export const programDocument = versionedDocument<Program>({
  name: 'program',
  table: programVersions,
  parse: (document) => programSchema.parse(document),
  check: (document) => {
    const checked = checkProgram(document);
    return 'issues' in checked ? checked : { document: checked.program };
  },
  auditAction: 'program.edit',
  conflict: { code: 'PROGRAM_CHANGED', key: 'programChangedMeanwhile' },
  // As long as the calendar's rules are remembered: another server's edit shows within this.
  recheckMs: RULES_TTL_MS,
  // New thresholds or window: every member's tier is looked at again by the recurring sweep, now.
  async inSave(tx: Database, previous, next) {
    const before = checkProgram(previous);
    if (!('program' in before) || tierShape(before.program) !== tierShape(next)) {
      await tx.update(memberTiers).set({ recomputeOn: sql`'0000-01-01'` });
      await enqueue(tx, 'program.tiers', {});
    }
  },
});
