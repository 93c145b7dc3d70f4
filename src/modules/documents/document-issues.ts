// A document a manager submitted (the program, the catalogue), checked: every problem named by its field
// ("tiers.1.visits") with a code and values the staff page words in the manager's language; nothing is
// saved while any remains (decisions 0044, 0055).
import type { z } from 'zod';

export type DocumentIssue = { path: string; code: string; values: Record<string, string | number> };

export function issueOf(issue: z.core.$ZodIssue): DocumentIssue {
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

/** The document parsed by `schema`, or every problem it has. */
export function checkWith<T>(schema: z.ZodType<T>, document: unknown): { document: T } | { issues: DocumentIssue[] } {
  const parsed = schema.safeParse(document);
  return parsed.success ? { document: parsed.data } : { issues: parsed.error.issues.map(issueOf) };
}
