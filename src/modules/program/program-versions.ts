// Managers edit the program as one document (decision 0044): a save checks the whole document against the
// schema, adds the next version with who and why, and records the audit line in the same transaction;
// nothing is saved while a problem remains. A save made from an older version than the newest (two
// managers at once) is refused rather than silently undoing the other's edit. Applied forward: a version
// changes what is priced, earned and reached from now on; orders priced and points written keep theirs.
// The mechanism is the versioned documents' (documents/versioned-document.ts, decision 0055).
import type { Database } from '@/server/db/client';
import type { DocumentVersion, SaveDocument, SaveOutcome as DocumentSaveOutcome } from '../documents/versioned-document';
import { programDocument } from './program-document';

export type ProgramVersion = DocumentVersion;

export type SaveProgram = SaveDocument;

export type SaveOutcome = DocumentSaveOutcome;

export const saveProgram = (db: Database, request: SaveProgram, now: Date): Promise<SaveOutcome> => programDocument.save(db, request, now);

/** Every version, newest first, without their documents. */
export const programHistory = (db: Database, limit = 50): Promise<ProgramVersion[]> => programDocument.history(db, limit);

/** One version's document (the history's "show"). */
export const programVersionDocument = (db: Database, version: number): Promise<Record<string, unknown> | undefined> => programDocument.versionDocument(db, version);
