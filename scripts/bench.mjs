// `npm run bench`: every benchmark in turn, each printing its figures and ending with one line per
// budget ("PASS name: figure (budget)" or "FAIL ..."); then all those lines again, and exit 1 when a
// budget is missed or a benchmark could not run. Not timed tests: figures depend on the machine.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const BENCHMARKS = [
  { name: 'start-up and web pages (scripts/bench-foundation.mjs)', cmd: process.execPath, args: ['scripts/bench-foundation.mjs'] },
  {
    name: 'offline replay of 100 queued actions with photos (scripts/bench-offline.mjs)',
    cmd: process.execPath,
    args: ['scripts/bench-offline.mjs'],
  },
  {
    name: 'API: asset list and import, fault list and portal, live notifications, jobs (apps/api/bench, needs PostgreSQL)',
    cmd: 'npm',
    args: ['run', 'bench', '--silent', '-w', 'apps/api'],
  },
];

function run({ cmd, args }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const lines = [];
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, lines: rest ? [...lines, rest] : lines }));
  });
}

const summary = [];
for (const benchmark of BENCHMARKS) {
  console.log(`\n▶ ${benchmark.name}`);
  const { code, lines } = await run(benchmark);
  const budgets = lines.filter((line) => /^(PASS|FAIL) /.test(line));
  summary.push(...budgets);
  if (code !== 0 && !budgets.some((line) => line.startsWith('FAIL ')))
    summary.push(`FAIL ${benchmark.name}: did not finish (exit code ${code})`);
}

console.log('\nbudgets');
for (const line of summary) console.log(line);
process.exitCode = summary.some((line) => line.startsWith('FAIL ')) ? 1 : 0;
