// `npm run bench -w apps/api`: every API benchmark in turn, each in its own process and each
// stopping by itself; all of them run even when one misses a budget. Their budget lines
// (`PASS|FAIL name: figure (budget b)`) are passed through as they come; a benchmark that ends
// with an error before printing one gets a FAIL line here. Exits 1 when any budget was missed.
//   npm run bench -w apps/api -- jobs notifications    only the benchmarks whose names contain these
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const BENCHMARKS = ['asset-list', 'fault-list', 'sr-list', 'wo-list', 'stock', 'notifications', 'jobs', 'insight'];
const wanted = process.argv.slice(2);
const chosen = wanted.length === 0 ? BENCHMARKS : BENCHMARKS.filter((name) => wanted.some((word) => name.includes(word)));

function run(name: string): Promise<{ code: number; failed: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `bench/${name}.bench.ts`], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let failed = false;
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      if (lines.some((line) => line.startsWith('FAIL '))) failed = true;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, failed: failed || rest.startsWith('FAIL ') }));
  });
}

let missed = chosen.length === 0;
if (missed) console.log(`FAIL API benchmarks: none matches ${wanted.join(' ')} (budget one of ${BENCHMARKS.join(', ')})`);
for (const name of chosen) {
  console.log(`\n▶ ${name} benchmark`);
  const { code, failed } = await run(name);
  if (code !== 0 && !failed) console.log(`FAIL ${name} benchmark: exit code ${code} (budget 0)`);
  if (code !== 0 || failed) missed = true;
}
process.exitCode = missed ? 1 : 0;
