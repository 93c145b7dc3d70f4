// What any input must be before a handler sees it, on every route: text without NUL characters
// (PostgreSQL cannot store them) or lone surrogates (half a character), of a sane length and nesting. A
// refusal is a 400 with a clear message, before anything is written. (A request address that does not
// decode, like /api/x/%zz, Next.js answers with a 400 itself; the query it decodes leniently, so "100%"
// arrives as the text it is. URL-valued fields have their own checks, like next-auth's callbackUrl.)
import { AppError } from '@/server/errors';

/** The longest single value and field name, and the deepest nesting accepted. Every field has a tighter
 * rule of its own; these stop what no rule expected. */
export const INPUT_LIMITS = { value: 4_096, name: 200, depth: 32 } as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkText(text: string, field: string, limit: number): void {
  if (text.includes('\u0000') || LONE_SURROGATE.test(text)) throw new AppError('BAD_REQUEST', 'characterNotAllowed', { field });
  if (text.length > limit) throw new AppError('BAD_REQUEST', 'fieldTooLong', { field });
}

/** Every name and text of a parsed value (JSON body, form fields, query), walked without recursion so that
 * deep nesting cannot exhaust the stack. A problem is named by the field it is in. */
function checkValue(root: unknown, rootName: string): void {
  const pending: { value: unknown; field: string; depth: number }[] = [{ value: root, field: rootName, depth: 0 }];
  while (pending.length > 0) {
    const { value, field, depth } = pending.pop()!;
    if (typeof value === 'string') {
      checkText(value, field, INPUT_LIMITS.value);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= INPUT_LIMITS.depth) throw new AppError('BAD_REQUEST', 'bodyTooDeep');
    if (Array.isArray(value)) {
      for (const item of value) pending.push({ value: item, field, depth: depth + 1 });
      continue;
    }
    for (const [name, item] of Object.entries(value)) {
      // A bad name is reported by where it is, never echoed.
      checkText(name, field, INPUT_LIMITS.name);
      pending.push({ value: item, field: name, depth: depth + 1 });
    }
  }
}

/** Throws the 400 AppError for input no handler should see: the request's parsed query and its body (JSON
 * or form fields), whatever the route. */
export function refuseUnsafeInput(req: { query?: unknown }, body?: unknown): void {
  checkValue(req.query, 'query');
  if (body !== undefined) checkValue(body, 'body');
}
