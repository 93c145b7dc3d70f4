// A program a manager submitted, checked (decision 0044): the schema's problems by field
// (documents/document-issues.ts), then the file's cross-check; nothing is saved while any remains.
import { currentCatalog } from '@/config/catalog';
import { programSchema, type Program } from '@/config/program-schema';
import { checkWith, type DocumentIssue } from '../documents/document-issues';

export type ProgramIssue = DocumentIssue;

/** The checked program, or every problem found. */
export function checkProgram(document: unknown): { program: Program } | { issues: ProgramIssue[] } {
  const checked = checkWith(programSchema, document);
  if ('issues' in checked) return checked;
  // Beyond the schema, as src/config/check-all.ts checks the file: a product's points table names a product sold.
  const products = new Set(currentCatalog().products.map((p) => p.id));
  const stray = Object.keys(checked.document.points.products).filter((id) => !products.has(id));
  if (stray.length > 0) return { issues: stray.map((id) => ({ path: `points.products.${id}`, code: 'unknownProduct', values: { id } })) };
  return { program: checked.document };
}
