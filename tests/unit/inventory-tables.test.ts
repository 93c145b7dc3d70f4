// One inventory (decision 0029): only src/modules/inventory reads or writes the inventory's tables. Lint
// refuses importing them from the schema elsewhere (tests/unit/layers.test.ts); this test finds what lint
// cannot: a table named in raw SQL.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const TABLES = ['products', 'product_options', 'units', 'closed_dates', 'day_closures', 'capacity_overrides', 'bookings', 'booking_unit_items', 'ticket_redemptions', 'booking_addons', 'slot_taken'];
/** A table read or written in SQL text: `from bookings b`, `join ticket_redemptions`, `update day_closures`, … */
const IN_SQL = new RegExp(`\\b(from|join|update|into)\\s+(${TABLES.join('|')})\\b`, 'i');

/** The inventory module; the schema and its seed (src/server/db); and, until the money of resellers'
 * bookings moves onto the payments ledger (issue 22, deliverable 1), the sales report's ledger and the
 * days it sums ahead (decision 0057), which read those bookings' money. */
const OWNERS = ['src/modules/inventory/', 'src/server/db/', 'src/modules/reports/sales-ledger.ts', 'src/modules/reports/sales-days.ts'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function inventorySqlOutside(files: { name: string; text: string }[]): string[] {
  return files.filter((f) => !OWNERS.some((owner) => f.name.startsWith(owner))).flatMap((f) => f.text.split('\n').flatMap((line, i) => (IN_SQL.test(line) ? [`${f.name}:${i + 1}: ${line.trim()}`] : [])));
}

describe('the inventory tables', () => {
  it('are named in SQL only inside src/modules/inventory', () => {
    const files = sourceFiles('src').map((name) => ({ name: name.split(path.sep).join('/'), text: fs.readFileSync(name, 'utf8') }));
    expect(inventorySqlOutside(files)).toEqual([]);
  });

  it('finds a table named in raw SQL outside the module', () => {
    const offending = { name: 'src/modules/staff/fixture.ts', text: "const q = sql`select count(*) from ticket_redemptions tr`;" };
    const allowed = { name: 'src/modules/inventory/fixture.ts', text: 'const q = sql`select * from bookings b`;' };
    expect(inventorySqlOutside([offending, allowed])).toEqual(['src/modules/staff/fixture.ts:1: const q = sql`select count(*) from ticket_redemptions tr`;']);
  });
});
