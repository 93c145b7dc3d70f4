// A document managers edit as a whole, versioned (decisions 0044 and 0055): the program and the catalogue
// are its users. One mechanism for both:
// - store: a `*_versions` table (DocumentVersionsTable) keeps every version with its author, reason and
//   time; the newest is in force; never updated or deleted;
// - seed (server/db/seed-document.ts): version 1 is the document's file; a top-level section the file has
//   and the newest version lacks (a section merged later) is added from the file as a new version;
// - cache: `current()` is synchronous, from the per-process holder (config/document-store.ts), loaded at
//   start; a save through this server is taken at once (the `<name>-changed` signal); another server's is
//   noticed by the first read after `recheckMs`, which asks for the newest version in the background;
// - save: the whole document checked, a reason required, `baseVersion` under the newest row's lock (409
//   when another manager saved first), the audit line in the same transaction.
// A section added to the document's schema flows through all of it without code here.
import { desc, eq } from 'drizzle-orm';
import { documentHolder } from '@/config/document-store';
import type { Database } from '@/server/db/client';
import { documentChanged } from '@/server/db/document-changed';
import type { DocumentVersionsTable } from '@/server/db/schema';
import { AppError, type ErrorCode, type ErrorKey } from '@/server/errors';
import { log } from '@/server/log';
import { processGlobal } from '@/universal/process-global';
import { recordAudit, type Actor } from '../staff/audit-log';
import type { DocumentIssue } from './document-issues';

export type DocumentVersion = { version: number; editedBy: string | null; reason: string; createdAt: string };

export type SaveDocument = { document: unknown; baseVersion: number; reason: string; by: Actor & { kind: 'staff'; email: string } };

export type SaveOutcome = { saved: true; version: number } | { saved: false; issues: DocumentIssue[] };

export type DocumentSpec<T> = {
  /** The holder's and the signal's name: 'program', 'catalog'. */
  name: string;
  table: DocumentVersionsTable;
  /** A stored version, read back (it passed `check` when saved). */
  parse: (document: unknown) => T;
  /** A submitted document: the checked one, or every problem. */
  check: (document: unknown) => { document: T } | { issues: DocumentIssue[] };
  /** The audit action ('catalog.edit') and the refusal of a save from an older version. */
  auditAction: string;
  conflict: { code: ErrorCode; key: ErrorKey };
  recheckMs: number;
  /** More work in the save's transaction (the program marks tiers for recomputing). */
  inSave?: (tx: Database, previous: unknown, next: T) => Promise<void>;
};

type Watch = { db?: Database; checkedAt: number; checking?: Promise<void>; now: () => number };

export type VersionedDocument<T> = ReturnType<typeof versionedDocument<T>>;

export function versionedDocument<T>(spec: DocumentSpec<T>) {
  const { name, table } = spec;
  const holder = () => documentHolder<T>(name);
  const changed = documentChanged(name);

  function take(version: number, document: unknown): void {
    const loaded = holder().loaded;
    if (loaded && loaded.version >= version) return;
    holder().loaded = { version, document: spec.parse(document) };
  }

  const watch = processGlobal<Watch>(`${name}-document-cache`, () => {
    const state: Watch = { checkedAt: 0, now: () => performance.now() };
    changed.on((version, document) => take(version, document));
    return state;
  });

  /** The newest version in the database. */
  async function newest(db: Database): Promise<{ version: number; document: T }> {
    const [row] = await db.select().from(table).orderBy(desc(table.version)).limit(1);
    if (!row) throw new Error(`the ${name} has no version in the database (the seed writes the first)`);
    return { version: row.version, document: spec.parse(row.document) };
  }

  async function recheck(db: Database): Promise<void> {
    const [row] = await db.select({ version: table.version }).from(table).orderBy(desc(table.version)).limit(1);
    if (!row || row.version === holder().loaded?.version) return;
    const [newer] = await db.select().from(table).where(eq(table.version, row.version));
    if (newer) take(newer.version, newer.document);
  }

  return {
    name,
    newest,

    /** Loads the newest version into this process and keeps it fresh from `db`; answers it. */
    async load(db: Database, now: () => number = () => performance.now()): Promise<{ version: number; document: T }> {
      const found = await newest(db);
      holder().loaded = found;
      Object.assign(watch, { db, checkedAt: now(), now, checking: undefined });
      holder().onRead = () => {
        if (!watch.db || watch.checking || watch.now() - watch.checkedAt < spec.recheckMs) return;
        watch.checkedAt = watch.now();
        watch.checking = recheck(watch.db)
          .catch((error: unknown) => log.warn(`[${name}] the newest version could not be read`, { error }))
          .finally(() => (watch.checking = undefined));
      };
      return found;
    },

    /** Waits for a recheck in flight (tests). */
    async checked(): Promise<void> {
      await watch.checking;
    },

    /** Forgets the database's version: the document in force is the file's again (tests). */
    unload(): void {
      holder().loaded = undefined;
      holder().onRead = undefined;
      watch.db = undefined;
    },

    /** Saves a manager's whole document as the next version; nothing is saved while a problem remains. */
    async save(db: Database, request: SaveDocument, now: Date): Promise<SaveOutcome> {
      const checked = spec.check(request.document);
      if ('issues' in checked) return { saved: false, issues: checked.issues };
      const reason = request.reason.trim();
      if (!reason) return { saved: false, issues: [{ path: 'reason', code: 'required', values: {} }] };
      const version = await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Database;
        // One save at a time: the newest version's row, locked.
        const [latest] = await tx.select().from(table).orderBy(desc(table.version)).limit(1).for('update');
        if (!latest || latest.version !== request.baseVersion) throw new AppError(spec.conflict.code, spec.conflict.key, { version: latest?.version ?? 0 });
        const next = latest.version + 1;
        const document = checked.document as Record<string, unknown>;
        await tx.insert(table).values({ version: next, document, editedBy: request.by.email, reason, createdAt: now });
        await recordAudit(tx, {
          actor: request.by,
          action: spec.auditAction,
          target: `${name} v${next}`,
          before: { version: latest.version, ...latest.document },
          after: { version: next, reason, ...document },
        });
        await spec.inSave?.(tx, latest.document, checked.document);
        return next;
      });
      changed.signal(version, checked.document);
      return { saved: true, version };
    },

    /** Every version, newest first, without their documents. */
    async history(db: Database, limit = 50): Promise<DocumentVersion[]> {
      const rows = await db
        .select({ version: table.version, editedBy: table.editedBy, reason: table.reason, createdAt: table.createdAt })
        .from(table)
        .orderBy(desc(table.version))
        .limit(limit);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },

    /** One version's document (the history's "show"). */
    async versionDocument(db: Database, version: number): Promise<Record<string, unknown> | undefined> {
      const [row] = await db.select({ document: table.document }).from(table).where(eq(table.version, version));
      return row?.document;
    },
  };
}
