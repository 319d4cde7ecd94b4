import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { E2E_PORT } from '../../playwright.config';
import { MAIL_DIR, startMailCapture } from './mail';

const root = join(import.meta.dirname, '../../../..');

/**
 * Starts a capturing SMTP server and the built app (one process serving web and API) on a fresh
 * database with the demo data: a throwaway PostgreSQL database when TEST_DATABASE_URL is set,
 * otherwise PGlite in a temporary folder.
 */
export default async function globalSetup() {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('web build failed');
  }
  rmSync(MAIL_DIR, { recursive: true, force: true });
  const smtpPort = E2E_PORT + 1025;
  const stopMail = await startMailCapture(smtpPort);

  const dataDir = mkdtempSync(join(tmpdir(), 'amp-e2e-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `amp_e2e_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }

  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilUp(`http://127.0.0.1:${E2E_PORT}/v2/states`, server);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await stopMail();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitUntilUp(url: string, server: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the app did not start within 90 s');
}
