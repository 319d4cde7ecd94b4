// `npm run bench`: start-up times of the one-process app (cold: empty embedded database, so
// migrations and the demo seed run; warm: the same data again) and the JavaScript of the login page.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.BENCH_PORT ?? 3190);
if (!existsSync(join(root, 'apps/web/dist/index.html')))
  spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });

async function timeStart(dataDir) {
  const started = performance.now();
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/auth/login`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error('the app exited');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { seconds: (performance.now() - started) / 1000, server };
}

const dataDir = mkdtempSync(join(tmpdir(), 'amp-bench-'));
const cold = await timeStart(dataDir);
cold.server.kill('SIGTERM');
await new Promise((resolve) => cold.server.once('exit', resolve));
const warm = await timeStart(dataDir);
console.log(`cold start (empty database: migrations + demo seed): ${cold.seconds.toFixed(2)} s`);
console.log(`warm start (existing data): ${warm.seconds.toFixed(2)} s`);
const measure = spawnSync(process.execPath, [join(root, 'scripts/measure-login-js.mjs'), `http://127.0.0.1:${port}`], { encoding: 'utf8' });
console.log(measure.stdout.trim().split('\n').at(-1));
warm.server.kill('SIGTERM');
await new Promise((resolve) => warm.server.once('exit', resolve));
rmSync(dataDir, { recursive: true, force: true });
