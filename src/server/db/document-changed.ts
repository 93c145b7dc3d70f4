// A manager saved a version of a versioned document (the program, the catalogue) through this server:
// whatever remembers it (src/modules/documents/versioned-document.ts) takes it at once, as
// calendar-changed.ts tells the inventory's memory of the calendar rules. Another server notices within
// the document's recheck interval.
import { processSignal, type ProcessSignal } from '@/universal/process-signal';

export function documentChanged(name: string): ProcessSignal<[version: number, document: unknown]> {
  return processSignal<[version: number, document: unknown]>(`${name}-changed`);
}
