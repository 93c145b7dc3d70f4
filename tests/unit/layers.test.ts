// The layers of src/ (docs/architecture.md) are enforced by `npm run lint`: these fixtures are linted
// as if they stood at the given path, and an import that crosses a layer the wrong way must fail.
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  // The first lint loads the configuration and the TypeScript parser: seconds on a busy machine.
  await eslint.lintText('export {};\n', { filePath: 'src/universal/warm-up.ts' });
}, 60_000);

const IMPORT_RULES = new Set(['no-restricted-imports', 'skypass/server-code-in-pages']);

/** The import problems of `source` at `filePath`; unless `own` says the source uses its imports itself,
 * an exported statement uses `fixture`. */
async function importProblems(filePath: string, source: string, own = false): Promise<string[]> {
  const [result] = await eslint.lintText(own ? source : `${source}\nexport const used = fixture;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => IMPORT_RULES.has(m.ruleId ?? '')).map((m) => m.message);
}

describe('the layers', () => {
  it.each([
    ['a use case importing an adapter', 'src/modules/checkout/fixture.ts', "import { fixture } from '@/adapters/mail/outbox';"],
    ['a use case importing the composition root', 'src/modules/checkout/fixture.ts', "import { fixture } from '@/wiring/mail';"],
    ['a use case importing the web framework', 'src/modules/checkout/fixture.ts', "import fixture from 'next/router';"],
    ['a use case importing React', 'src/modules/loyalty/fixture.ts', "import fixture from 'react';"],
    ['a use case importing browser state', 'src/modules/loyalty/fixture.ts', "import { fixture } from '@/client/api';"],
    ['an adapter importing a use case', 'src/adapters/payments/fixture.ts', "import { fixture } from '@/modules/checkout/deps';"],
    ['a port importing the database', 'src/ports/fixture.ts', "import { fixture } from '@/server/db/client';"],
    ['plumbing importing a use case', 'src/server/fixture.ts', "import { fixture } from '@/modules/loyalty/record-event';"],
    ['universal code importing plumbing', 'src/universal/fixture.ts', "import { fixture } from '@/server/env';"],
    ['a component importing the composition root', 'src/components/ui/fixture.tsx', "import { fixture } from '@/wiring/mail';"],
    ['browser state importing an adapter', 'src/client/booking/fixture.ts', "import { fixture } from '@/adapters/supplier/local/octo-shapes';"],
    ['an API route importing an adapter', 'src/pages/api/fixture.ts', "import { fixture } from '@/adapters/mail/outbox';"],
    ['a page importing an adapter', 'src/pages/fixture.tsx', "import { fixture } from '@/adapters/mail/outbox';"],
    ['the HTTP edge importing an adapter', 'src/http/fixture.ts', "import { fixture } from '@/adapters/supplier/local/local-supplier';"],
    ['a relative import climbing into another layer', 'src/modules/checkout/fixture.ts', "import { fixture } from '../../adapters/mail/outbox';"],
    ['a component importing a value from a use case', 'src/components/booking/fixture.tsx', "import { fixture } from '@/modules/catalog/web-product';"],
    ['browser state importing a value from a use case', 'src/client/booking/fixture.ts', "import { fixture } from '@/modules/accounts/email';"],
    ['a page exporting server code to the browser', 'src/pages/fixture.tsx', "import { fixture } from '@/server/db/client';"],
    ['a use case importing an inventory table', 'src/modules/gate/fixture.ts', "import { bookings as fixture } from '@/server/db/schema';"],
    ['an adapter importing an inventory table', 'src/adapters/supplier/local/fixture.ts', "import { ticketRedemptions as fixture } from '@/server/db/schema';"],
    ['the inventory importing a use case', 'src/modules/inventory/fixture.ts', "import { fixture } from '@/modules/staff/audit-log';"],
    ['an adapter importing a use case beside the inventory', 'src/adapters/supplier/local/fixture.ts', "import { fixture } from '@/modules/inventory-report/x';"],
  ])('refuses %s', async (_name, filePath, source) => {
    expect(await importProblems(filePath, source)).toHaveLength(1);
  });

  // A page is bundled for the browser as well, less its data functions and what only they use.
  it.each([
    ['in its component', "export default function Page() {\n  return <p>{fixture}</p>;\n}"],
    ['in a helper its component calls', "function label() {\n  return fixture;\n}\nexport default function Page() {\n  return <p>{label()}</p>;\n}"],
    ['in a helper shared by its component and getServerSideProps', "const label = () => fixture;\nexport default function Page() {\n  return <p>{label()}</p>;\n}\nexport const getServerSideProps = async () => ({ props: { label: label() } });"],
  ])('refuses a page that uses server code %s', async (_name, body) => {
    const problems = await importProblems('src/pages/fixture.tsx', `import { fixture } from '@/wiring/mail';\n${body}\n`, true);
    expect(problems).toHaveLength(1);
  });

  it('allows a page that uses server code only in getServerSideProps and the helpers only it calls', async () => {
    const source = [
      "import { fixture } from '@/wiring/mail';",
      "import { other } from '@/modules/checkout/deps';",
      'async function load() {\n  return fixture;\n}',
      'export const getServerSideProps = async () => ({ props: { value: await load(), other } });',
      'export default function Page({ value }: { value: string }) {\n  return <p>{value}</p>;\n}',
    ].join('\n');
    expect(await importProblems('src/pages/fixture.tsx', source, true)).toEqual([]);
  });

  it.each([
    ['the composition root importing an adapter', 'src/wiring/fixture.ts', "import { fixture } from '@/adapters/mail/outbox';"],
    ['a use case importing a port and plumbing', 'src/modules/checkout/fixture.ts', "import { fixture } from '@/ports/supplier';\nimport { AppError } from '@/server/errors';\nexport const e = AppError;"],
    ['an adapter importing its port', 'src/adapters/mail/fixture.ts', "import { fixture } from '@/ports/mail';"],
    ['browser state importing React and the router', 'src/client/booking/fixture.ts', "import fixture from 'next/router';\nimport { useState } from 'react';\nexport const s = useState;"],
    ['an API route importing the HTTP edge', 'src/pages/api/fixture.ts', "import { fixture } from '@/http/route';"],
    ['a component importing a type from a use case', 'src/components/booking/fixture.tsx', "import type { fixture } from '@/modules/catalog/web-product';\nexport type Used = fixture;"],
    ['a component importing a pure helper from universal', 'src/components/booking/fixture.tsx', "import { fixture } from '@/universal/web-product';"],
    ['a configuration file read from the repository', 'src/config/fixture.ts', "import fixture from '../../config/catalog.json';"],
    ['the inventory importing its tables', 'src/modules/inventory/fixture.ts', "import { bookings as fixture } from '@/server/db/schema';"],
    ['a use case importing a table that is not the inventory\'s', 'src/modules/gate/fixture.ts', "import { orders as fixture } from '@/server/db/schema';"],
    ['a use case importing the inventory', 'src/modules/gate/fixture.ts', "import { fixture } from '@/modules/inventory/admissions';"],
    ['the local supplier importing the inventory', 'src/adapters/supplier/local/fixture.ts', "import { fixture } from '@/modules/inventory/hold-places';"],
  ])('allows %s', async (_name, filePath, source) => {
    expect(await importProblems(filePath, source)).toEqual([]);
  });
});
