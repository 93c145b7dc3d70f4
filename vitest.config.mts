import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { TEST_NODE_FLAGS } from './tests/support/node-flags';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

// The integration files come in two kinds, told apart by what they use. Those that talk to the test sites
// which global-setup starts (`inject('backends')`) share those sites' databases and run one after another.
// The others open databases (and sites) of their own; they run two at a time, beside the first kind
// (decision 0040).
const INTEGRATION = 'tests/integration';
const usesSharedSites = (file: string) => fs.readFileSync(path.join(INTEGRATION, file), 'utf8').includes("inject('backends')");
const integrationFiles = fs.readdirSync(INTEGRATION).filter((file) => file.endsWith('.test.ts'));
const sharedSiteFiles = integrationFiles.filter(usesSharedSites).map((file) => `${INTEGRATION}/${file}`);
const ownDatabaseFiles = integrationFiles.filter((file) => !usesSharedSites(file)).map((file) => `${INTEGRATION}/${file}`);

const integration = {
  environment: 'node' as const,
  // Every file runs on the sites' clock, which starts at one fixed instant (tests/support/fixed-date.ts).
  setupFiles: ['tests/support/fresh-app.ts', 'tests/integration/fixed-clock.ts'],
  testTimeout: 30_000,
  // Starting sites takes seconds on a quiet machine and over a minute on a busy shared one.
  hookTimeout: 180_000,
  fileParallelism: false,
  // The files of a lane share worker processes: no new process and no new import of the libraries for each
  // file (about 2.5 s each). fresh-app.ts gives each file the app's modules and per-process values anew
  // (decision 0072).
  isolate: false,
  execArgv: TEST_NODE_FLAGS,
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // As the integration files: shared workers, each file on fresh modules (decision 0072; 21 s -> 8 s).
          isolate: false,
          setupFiles: ['tests/support/fresh-app.ts'],
        },
      },
      {
        resolve: { alias },
        test: { ...integration, name: 'integration', include: sharedSiteFiles, globalSetup: ['tests/integration/global-setup.ts'] },
      },
      {
        resolve: { alias },
        test: {
          ...integration,
          name: 'integration-own',
          include: ownDatabaseFiles,
          globalSetup: ['tests/integration/clock-setup.ts'],
          // Nothing shared between these files: two at a time. (In one vitest process with the first lane,
          // as `npm run test:integration` runs them, a group of its own: vitest runs one worker count a group.)
          fileParallelism: true,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
