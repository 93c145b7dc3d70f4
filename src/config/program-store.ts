// The program in force in this server process (decision 0044): one of the versioned documents
// (config/document-store.ts, decision 0055).
import { documentHolder, type DocumentHolder } from './document-store';
import type { Program } from './program-schema';

export function programHolder(): DocumentHolder<Program> {
  return documentHolder<Program>('program');
}
