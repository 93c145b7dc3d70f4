// `npm test`: every check and test, in the order that fails fastest. Prints one closing line
// "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const REPORTS = '.test-reports';
fs.rmSync(REPORTS, { recursive: true, force: true });
fs.mkdirSync(REPORTS, { recursive: true });

const bin = (name) => path.join('node_modules', '.bin', name);
const vitest = (project) => ({
  label: project,
  command: bin('vitest'),
  args: ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${REPORTS}/${project}.json`],
});

// A step is one command, or several run side by side, each to its own report and each line of its output
// marked with its name: the lint beside the type check; the integration files in their two
// lanes (vitest.config.mts: one on the shared test sites, one on databases of their own). The browser tests
// run alone: beside the integration tests, on 2 cores, sites started too slowly for their wait (decision 0065).
const steps = [
  ['lint and types', [{ label: 'lint', command: bin('eslint'), args: ['.', '--max-warnings=0'] }, { label: 'types', command: bin('tsc'), args: ['--noEmit'] }]],
  // Alone: beside the lint and the type check, on 2 cores, all three took 123 s against 45 + 43 s (decision 0065).
  ['unit', [vitest('unit')]],
  // The step before type-checked everything: the build does not do it again (next.config.ts).
  ['build', [{ label: 'build', command: process.execPath, args: ['node_modules/next/dist/bin/next', 'build'], env: { SKYPASS_TYPES_CHECKED: 'true' } }]],
  ['integration', [vitest('integration'), vitest('integration-own')]],
  ['e2e', [{ label: 'e2e', command: bin('playwright'), args: ['test'] }]],
];

/** A scratch folder for this run on the machine's RAM disk, when it has one with room (decision 0071): the tests
 * copy, write and remove thousands of small files (embedded databases, browser profiles), which cost up to
 * twenty times the CPU on a disk. Undefined elsewhere: the system's temporary folder then. */
function scratchOnRamDisk() {
  const ramDisk = '/dev/shm';
  try {
    const { bavail, bsize } = fs.statfsSync(ramDisk);
    if (bavail * bsize < 4 * 2 ** 30) return undefined;
    return fs.mkdtempSync(path.join(ramDisk, 'skypass-test-'));
  } catch {
    return undefined;
  }
}
const scratch = process.env.TMPDIR ? undefined : scratchOnRamDisk();

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json`, ...(scratch ? { TMPDIR: scratch } : {}) };

/** Runs one command; beside others, each line it prints starts with its label. Resolves to its exit code. */
function run({ label, command, args, env: extraEnv = {} }, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...env, ...extraEnv } });
    if (!alone) for (const stream of [child.stdout, child.stderr]) readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
    child.on('close', (code) => {
      console.log(`--- ${label}: ${code === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(code ?? 1);
    });
  });
}

let failedStep;
for (const [name, commands] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name}`);
  const codes = await Promise.all(commands.map((command) => run(command, commands.length === 1)));
  const ok = codes.every((code) => code === 0);
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (!ok) {
    failedStep = name;
    break;
  }
}

function counts(file, read) {
  try {
    return read(JSON.parse(fs.readFileSync(path.join(REPORTS, file), 'utf8')));
  } catch {
    return { passed: 0, failed: 0 };
  }
}
const fromVitest = (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests });
// A browser test that failed once and passed on CI's one retry (playwright.config.ts) counts as passed,
// and is named below, so that it is seen and fixed.
const fromPlaywright = (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected });
function flakyTests(suite, trail = []) {
  const here = suite.title ? [...trail, suite.title] : trail;
  const own = (suite.specs ?? []).flatMap((spec) => spec.tests.filter((t) => t.status === 'flaky').map((t) => `[${t.projectName}] ${[...here, spec.title].join(' › ')}`));
  return [...own, ...(suite.suites ?? []).flatMap((s) => flakyTests(s, here))];
}
const flaky = counts('e2e.json', (r) => r.suites.flatMap((s) => flakyTests(s)));
if (Array.isArray(flaky) && flaky.length) console.log(`\nPassed only on a second try (flaky, to be fixed):\n${flaky.map((t) => `  ${t}`).join('\n')}`);
const all = [counts('unit.json', fromVitest), counts('integration.json', fromVitest), counts('integration-own.json', fromVitest), counts('e2e.json', fromPlaywright)];
const passed = all.reduce((n, c) => n + c.passed, 0);
const failed = all.reduce((n, c) => n + c.failed, 0) + (failedStep && !all.some((c) => c.failed) ? 1 : 0);

if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
console.log(failedStep ? `\nThe ${failedStep} step failed.` : '\nEvery step passed.');
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedStep ? 1 : 0);
