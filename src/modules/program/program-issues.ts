// A program a manager submitted, checked (decision 0044): every problem named by its field ("tiers.1.visits")
// with a code and values the staff page words in the manager's language; nothing is saved while any remains.
import { z } from 'zod';
import { CATALOG } from '@/config/catalog';
import { programSchema, type Program } from '@/config/program-schema';

export type ProgramIssue = { path: string; code: string; values: Record<string, string | number> };

function issueOf(issue: z.core.$ZodIssue): ProgramIssue {
  const path = issue.path.map(String).join('.');
  switch (issue.code) {
    case 'too_small':
      return { path, code: 'tooSmall', values: { min: Number(issue.minimum) } };
    case 'too_big':
      return { path, code: 'tooBig', values: { max: Number(issue.maximum) } };
    case 'invalid_type':
      return { path, code: issue.expected === 'number' || issue.expected === 'int' ? 'notANumber' : 'wrongType', values: { expected: String(issue.expected) } };
    case 'invalid_format':
      return { path, code: 'badFormat', values: {} };
    case 'unrecognized_keys':
      return { path, code: 'unknownKeys', values: { keys: issue.keys.join(', ') } };
    case 'custom':
      // The schema's own rule, in its words (tiers in order, unique ids): shown after the translated lead-in.
      return { path, code: 'rule', values: { rule: issue.message } };
    default:
      return { path, code: 'invalid', values: {} };
  }
}

/** The checked program, or every problem found. */
export function checkProgram(document: unknown): { program: Program } | { issues: ProgramIssue[] } {
  const parsed = programSchema.safeParse(document);
  if (!parsed.success) return { issues: parsed.error.issues.map(issueOf) };
  // Beyond the schema, as src/config/check-all.ts checks the file: a product's points table names a product sold.
  const products = new Set(CATALOG.products.map((p) => p.id));
  const stray = Object.keys(parsed.data.points.products).filter((id) => !products.has(id));
  if (stray.length > 0) return { issues: stray.map((id) => ({ path: `points.products.${id}`, code: 'unknownProduct', values: { id } })) };
  return { program: parsed.data };
}
