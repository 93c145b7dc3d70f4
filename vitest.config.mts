import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };

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
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          // Every file runs on the sites' clock, which starts at one fixed instant (tests/support/fixed-date.ts).
          setupFiles: ['tests/integration/fixed-clock.ts'],
          testTimeout: 30_000,
          // Starting sites takes seconds on a quiet machine and over a minute on a busy shared one.
          hookTimeout: 180_000,
          // The files share the servers that global-setup starts; run them one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
