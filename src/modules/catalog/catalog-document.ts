// The catalogue as a versioned document (decision 0055), by the program's mechanism
// (documents/versioned-document.ts): stored in catalog_versions, seeded from config/catalog.json, in force
// through currentCatalog(), edited on /staff/catalog with a reason, audited `catalog.edit`, refused with 409
// CATALOG_CHANGED when another manager saved first. A section added to catalogSchema flows through it all.
// Applied forward: a booking keeps the prices it was held with (its unit items), an order what it was paid.
import { catalogSchema, type CatalogConfig } from '@/config/catalog';
import { catalogVersions } from '@/server/db/schema';
import { checkWith, type DocumentIssue } from '../documents/document-issues';
import { versionedDocument } from '../documents/versioned-document';
import { RULES_TTL_MS } from '../inventory/calendar-rules-cache';

/** Every id twice in a list, as a problem at the second. */
function repeated(ids: { id: string; path: string }[]): DocumentIssue[] {
  const seen = new Set<string>();
  return ids.flatMap(({ id, path }) => {
    if (!seen.has(id)) return (seen.add(id), []);
    return [{ path, code: 'duplicateId', values: { id } }];
  });
}

/** The checked catalogue, or every problem found: the schema's, then ids that must be unique (products;
 * options across the catalogue, as availability ids and bookings name them; units within their option). */
export function checkCatalog(document: unknown): { document: CatalogConfig } | { issues: DocumentIssue[] } {
  const checked = checkWith(catalogSchema, document);
  if ('issues' in checked) return checked;
  const { products } = checked.document;
  const issues = [
    ...repeated(products.map((p, i) => ({ id: p.id, path: `products.${i}.id` }))),
    ...repeated(products.flatMap((p, i) => p.options.map((o, j) => ({ id: o.id, path: `products.${i}.options.${j}.id` })))),
    ...products.flatMap((p, i) => p.options.flatMap((o, j) => repeated(o.units.map((u, k) => ({ id: u.id, path: `products.${i}.options.${j}.units.${k}.id` }))))),
  ];
  return issues.length ? { issues } : checked;
}

/** As long as the calendar's rules are remembered: another server's edit shows within this. */
export const CATALOG_RECHECK_MS = RULES_TTL_MS;

export const catalogDocument = versionedDocument<CatalogConfig>({
  name: 'catalog',
  table: catalogVersions,
  parse: (document) => catalogSchema.parse(document),
  check: checkCatalog,
  auditAction: 'catalog.edit',
  conflict: { code: 'CATALOG_CHANGED', key: 'catalogChangedMeanwhile' },
  recheckMs: CATALOG_RECHECK_MS,
});
