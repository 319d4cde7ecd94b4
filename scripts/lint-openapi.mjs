// Lints the API's OpenAPI document with Spectral (`spectral:oas` and the OWASP API ruleset, as
// configured in .spectral.yaml): builds the app in-process on an in-memory PGlite database, writes
// the document it serves at /api/docs/json to a temporary file and fails on any error.
// `node scripts/lint-openapi.mjs --out openapi.json` also keeps the document.
// The temporary file lives under node_modules/.cache: the overrides of .spectral.yaml match paths
// relative to the ruleset, so the document must sit below the repository.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = resolve(new URL('..', import.meta.url).pathname);
// `--out <file>` keeps a copy of the document; any other argument goes to spectral (e.g. `--format json`).
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const keep = outAt >= 0 ? args[outAt + 1] : undefined;
const spectralArgs = outAt >= 0 ? [...args.slice(0, outAt), ...args.slice(outAt + 2)] : args;
// One TypeScript loader for the whole process, so every module (and each named schema) loads once.
register();
const api = (path) => import(pathToFileURL(join(root, 'apps/api/src', path)).href);

const { buildApp } = await api('app.ts');
const { loadConfig } = await api('config.ts');
const { openDatabase } = await api('db/client.ts');

const cache = join(root, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'amp-openapi-'));
let status = 1;
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: join(dir, 'data'),
    JOB_WORKERS: 'false',
  });
  const database = await openDatabase({ dataDir: 'memory://', poolSize: config.DATABASE_POOL_SIZE });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const document = app.swagger();
  await app.close();
  await database.close();

  const file = join(dir, 'openapi.json');
  const text = JSON.stringify(document, null, 2);
  writeFileSync(file, text);
  if (keep) writeFileSync(resolve(keep), text);

  const spectral = spawnSync(
    join(root, 'node_modules/.bin/spectral'),
    ['lint', file, '--ruleset', join(root, '.spectral.yaml'), '--fail-severity', 'error', ...spectralArgs],
    // SCARF_ANALYTICS: no usage report from the CLI's telemetry dependency.
    { stdio: 'inherit', env: { ...process.env, SCARF_ANALYTICS: 'false' } },
  );
  status = spectral.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
