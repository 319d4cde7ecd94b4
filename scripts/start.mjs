// `npm start`: builds the web app when its sources are newer than the build, then serves the
// web app and the API from one process (migrations and the demo seed run at boot). It prints a line
// per step, the address and the demo accounts; the build's own output only when the build fails, and
// the server's log from level `warn` up unless LOG_LEVEL says otherwise (LOG_LEVEL=info shows a line
// per request).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const webDist = join(root, 'apps/web/dist/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/contracts/src'].map((p) =>
  join(root, p),
);
const builtAt = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
if (sources.some((source) => existsSync(source) && newestMtime(source) > builtAt)) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error('The web app did not build (its output is above).');
    process.exit(build.status ?? 1);
  }
}

console.log('Preparing the database and starting AMP…');

const server = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...process.env },
});
process.exit(server.status ?? 0);
