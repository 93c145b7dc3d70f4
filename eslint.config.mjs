import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import serverCodeInPages from './eslint-rules/server-code-in-pages.mjs';

// The layers of src/ (docs/architecture.md), from the top down. A layer may import itself and the layers
// it lists; everything else is an error. Imports between layers are written '@/layer/…', so that a
// relative path never hides a crossing (a relative import may not climb out of its own folder's parent).
const LAYERS = {
  pages: ['components', 'client', 'http', 'wiring', 'modules', 'ports', 'server', 'universal', 'config'],
  'pages/api': ['http', 'wiring', 'modules', 'ports', 'server', 'universal', 'config'],
  components: ['client', 'modules', 'ports', 'universal', 'config'],
  client: ['modules', 'ports', 'universal', 'config'],
  http: ['wiring', 'modules', 'ports', 'server', 'universal', 'config'],
  wiring: ['adapters', 'modules', 'ports', 'server', 'universal', 'config'],
  modules: ['modules/inventory', 'ports', 'server', 'universal', 'config'],
  // The one inventory (decision 0029): the only code that reads and writes the inventory's tables, under
  // the use cases and the local supplier, which is a thin OCTO layer over it.
  'modules/inventory': ['ports', 'server', 'universal', 'config'],
  adapters: ['modules/inventory', 'ports', 'server', 'universal', 'config'],
  ports: ['universal', 'config'],
  server: ['universal', 'config'],
  universal: ['config'],
  config: [],
};

// The layers that run only on the server. Browser code (components, client) may import their types, which
// vanish at compile time, never their values: those would pull server code into the browser bundle. A pure
// helper both sides need lives in universal/. Pages are bundled for both: see eslint-rules/server-code-in-pages.mjs
// (docs/decisions/0030).
const SERVER_LAYERS = ['server', 'modules', 'adapters', 'wiring', 'http'];
const BROWSER = new Set(['components', 'client']);
/** For a browser layer, the server-side layers it lists (for their types): their values are refused. */
function serverValues(layer) {
  const typesOnly = SERVER_LAYERS.filter((other) => LAYERS[layer].includes(other));
  return {
    regex: `^@/(${typesOnly.join('|')})(/|$)`,
    allowTypeImports: true,
    message: `Browser code may import only types from ${typesOnly.join(', ')}: a value would pull server code into the browser bundle; move a pure helper to @/universal (docs/decisions/0030).`,
  };
}
// A layer inside another's folder (pages/api in pages, modules/inventory in modules) is linted by its own
// rules, not its parent's.
const SUB_LAYERS = Object.keys(LAYERS).filter((layer) => layer.includes('/'));

// The inventory's tables (src/server/db/schema.ts): slots and capacities, closures, holds, bookings and
// admissions. Only the inventory module reads or writes them (and the schema's own seed in src/server).
const INVENTORY_TABLES = ['products', 'productOptions', 'units', 'closedDates', 'dayClosures', 'capacityOverrides', 'bookings', 'bookingUnitItems', 'ticketRedemptions', 'bookingAddons', 'slotTaken'];
const INVENTORY_OWNERS = new Set(['modules/inventory', 'server']);
const SCHEMA_PATHS = [
  {
    name: '@/server/db/schema',
    importNames: INVENTORY_TABLES,
    message: 'Only src/modules/inventory reads or writes the inventory tables: call one of its functions (decision 0029).',
  },
];

// Code that must run anywhere (the browser, a worker, a test) without a web framework.
const FRAMEWORK_FREE = new Set(['modules', 'modules/inventory', 'ports', 'adapters', 'universal', 'config', 'client']);
const FRAMEWORK = { regex: '^(next|next-auth|react|react-dom)(/|$)', message: 'This layer is framework-free: no next, next-auth or react here.' };
const CLIENT_FRAMEWORK = { regex: '^(next-auth(?!/react)|next/(server|headers))(/|$)', message: 'Browser state may use next/router and react, not server parts of the framework.' };
// The repository's configuration and English texts (config/*.json, locales/en/*.json, locales.config.js)
// are the one exception.
const CLIMBING = {
  regex: '^\\.\\./\\.\\./(?!(\\.\\./)*(config/[\\w-]+\\.json|locales/en/[\\w-]+\\.json|locales\\.config\\.js)$)',
  message: 'Import another layer as @/layer/…, not by climbing folders.',
};

// Pages and components link through @/components/ui/Link, which prefetches on sight once the page has settled.
const NEXT_LINK = { regex: '^next/link$', message: 'Use { Link } from @/components/ui/Link: it prefetches on sight only once the page has settled.' };

function layerRules(layer) {
  const allowed = new Set([layer, ...LAYERS[layer]]);
  // A layer that may import modules may import every part of it, modules/inventory included.
  for (const sub of SUB_LAYERS) if (!sub.startsWith('pages') && allowed.has(sub.split('/')[0])) allowed.add(sub);
  // 'pages' and 'pages/api' share the folder; a page may not import an API route and the other way round.
  const forbidden = Object.keys(LAYERS).filter((other) => !allowed.has(other) && !other.startsWith('pages'));
  // A forbidden folder may hold an allowed sub-layer (modules holds modules/inventory): that one stays open.
  const folders = forbidden.map((other) => {
    const open = [...allowed].filter((a) => a.startsWith(`${other}/`)).map((a) => a.slice(other.length + 1));
    return open.length ? `${other}(?!/(${open.join('|')})(/|$))` : other;
  });
  const patterns = [CLIMBING];
  if (forbidden.length) {
    patterns.push({
      regex: `^@/(${folders.join('|')})(/|$)`,
      message: `The ${layer} layer may import only ${[...allowed].join(', ')} (docs/architecture.md).`,
    });
  }
  if (BROWSER.has(layer)) patterns.push(serverValues(layer));
  if (FRAMEWORK_FREE.has(layer)) patterns.push(layer === 'client' ? CLIENT_FRAMEWORK : FRAMEWORK);
  if (layer === 'pages' || layer === 'components') patterns.push(NEXT_LINK);
  const paths = INVENTORY_OWNERS.has(layer) ? [] : SCHEMA_PATHS;
  return { 'no-restricted-imports': ['error', { paths, patterns }] };
}

const layerBlocks = Object.keys(LAYERS).map((layer) => {
  const inside = SUB_LAYERS.filter((sub) => sub.startsWith(`${layer}/`));
  return {
    files: [`src/${layer}/**/*.{ts,tsx}`],
    ...(inside.length ? { ignores: inside.map((sub) => `src/${sub}/**`) } : {}),
    rules: layerRules(layer),
  };
});

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: ['.next/**', 'node_modules/**', 'drizzle/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'] },
  {
    // CommonJS by necessity: read by next.config before any build, and preloaded with `node --require`.
    files: ['locales.config.js', 'scripts/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...layerBlocks,
  {
    // Server code logs through src/server/log.ts (JSON lines with the request's id, e-mails masked:
    // decision 0046), never the console. The browser's code (components, client, pages) may.
    files: ['src/{server,modules,adapters,wiring,http,ports,universal,config}/**/*.{ts,tsx}', 'src/pages/api/**/*.ts', 'src/proxy.ts', 'src/instrumentation.ts'],
    rules: { 'no-console': ['error'] },
  },
  {
    // _document renders on the server only; API routes are server code.
    files: ['src/pages/**/*.{ts,tsx}'],
    ignores: ['src/pages/api/**', 'src/pages/_document.tsx'],
    plugins: { skypass: { rules: { 'server-code-in-pages': serverCodeInPages } } },
    rules: { 'skypass/server-code-in-pages': ['error', { serverLayers: `^@/(${SERVER_LAYERS.filter((l) => LAYERS.pages.includes(l)).join('|')})(/|$)` }] },
  },
  {
    // The integration files of a lane share worker processes (decision 0072): a module mock would stay in force
    // for the files after it. A file sets what it needs as the app does (its own program, its own clock).
    files: ['tests/integration/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({ object: 'vi', property, message: 'Integration files share workers: set the state as the app does (decision 0072), never a module mock.' })),
      ],
    },
  },
];

export default config;
