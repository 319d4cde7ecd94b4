// The one-process app: start-up times (cold: empty embedded database, so migrations and the demo
// seed run; warm: the same data again), the JavaScript of the login page, Lighthouse on the landing,
// login and help pages and the public fault portal (also on slow 3G), and the JavaScript of the
// signed-in shell's first load (scripts/bench-lighthouse.mjs). Ends with one line per budget and exits
// 1 when one is missed; `npm run bench` (scripts/bench.mjs) runs it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchLighthouse, freePort, startBuiltApp } from './bench-lighthouse.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? (await freePort()));
if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('the web build failed (npm run build)');
}

async function timeStart(dataDir) {
  const started = performance.now();
  const app = await startBuiltApp(port, dataDir);
  return { seconds: (performance.now() - started) / 1000, stop: app.stop };
}

const dataDir = mkdtempSync(join(tmpdir(), 'amp-bench-'));
let budgets = [];
try {
  const cold = await timeStart(dataDir);
  await cold.stop();
  const warm = await timeStart(dataDir);
  try {
    console.log(`cold start (empty database: migrations + demo seed): ${cold.seconds.toFixed(2)} s`);
    console.log(`warm start (existing data): ${warm.seconds.toFixed(2)} s`);
    const measure = spawnSync(process.execPath, [join(root, 'scripts/measure-login-js.mjs'), `http://127.0.0.1:${port}`], {
      encoding: 'utf8',
    });
    console.log(
      measure.status === 0 ? measure.stdout.trim().split('\n').at(-1) : `login page JavaScript: not measured (${measure.stderr.trim()})`,
    );
    budgets = await benchLighthouse(`http://127.0.0.1:${port}`);
  } finally {
    await warm.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('');
for (const budget of budgets) console.log(`${budget.ok ? 'PASS' : 'FAIL'} ${budget.name}: ${budget.text}`);
process.exitCode = budgets.every((budget) => budget.ok) ? 0 : 1;
