// The clock of the integration files that open databases and sites of their own (vitest.config.mts,
// `integration-own`): it starts at FIXED_NOW when the run starts, as the shared sites' does in global-setup.ts.
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject) {
  project.provide('clockStartedAt', Date.now());
}
