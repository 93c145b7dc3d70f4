// Many values bound as one parameter: a PostgreSQL array literal, cast in the SQL (`${arrayLiteral(ids)}::text[]`).
// drizzle spreads a JavaScript array into one parameter per value, and a statement's text would then change
// with the count; the literal reads the same on node-postgres and PGlite.

/** `{"a","b"}`: each value quoted, its quotes and backslashes escaped, so any text survives. */
export function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((value) => `"${String(value).replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
