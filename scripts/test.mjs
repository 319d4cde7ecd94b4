// `npm test`: type-check, lint, API tests on a real database, the web build, and the
// end-to-end tests in Chromium. Uses PGlite unless TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const steps = [
  { name: 'type-check', cmd: 'npm', args: ['run', 'typecheck'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  {
    name: 'API tests',
    cmd: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(results, 'api.json')}`],
    cwd: 'apps/api',
  },
  {
    name: 'web unit tests',
    cmd: 'npx',
    // Only src/: the e2e specs are Playwright's.
    args: ['vitest', 'run', '--dir', 'src', '--reporter=default', '--reporter=json', `--outputFile=${join(results, 'web.json')}`],
    cwd: 'apps/web',
  },
  { name: 'web build', cmd: 'npm', args: ['run', 'build', '-w', 'apps/web'] },
  {
    name: 'end-to-end tests',
    cmd: 'npx',
    args: ['playwright', 'test', '--reporter=list,json'],
    cwd: 'apps/web',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'e2e.json') },
  },
];

const failedSteps = [];
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const run = spawnSync(step.cmd, step.args, {
    cwd: join(root, step.cwd ?? '.'),
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) failedSteps.push(step.name);
  console.log(`${run.status === 0 ? '✔' : '✘'} ${step.name} (${seconds} s)`);
}

let passed = 0;
let failed = 0;
const read = (file) => (existsSync(join(results, file)) ? JSON.parse(readFileSync(join(results, file), 'utf8')) : null);
const api = read('api.json');
if (api) {
  passed += api.numPassedTests;
  failed += api.numFailedTests;
  console.log(`\nAPI tests: ${api.numPassedTests} passed, ${api.numFailedTests} failed`);
}
const web = read('web.json');
if (web) {
  passed += web.numPassedTests;
  failed += web.numFailedTests;
  console.log(`Web unit tests: ${web.numPassedTests} passed, ${web.numFailedTests} failed`);
}
const e2e = read('e2e.json');
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected;
  console.log(`End-to-end tests: ${e2e.stats.expected + e2e.stats.flaky} passed, ${e2e.stats.unexpected} failed`);
}
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
// A step that failed before running its tests still fails the run.
if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length > 0 ? 1 : 0);
