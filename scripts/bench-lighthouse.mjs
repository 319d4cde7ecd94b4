// Lighthouse (mobile profile, simulated slow 4G and a slowed CPU) on the landing and login pages of
// the built app, and on the public fault portal as a QR label opens it (the demo owner's portal with
// one of its assets chosen): performance score, first and largest contentful paint, and the JavaScript transferred
// on a first load. Starts the app on a free port with a temporary data directory unless a base address
// is given (node scripts/bench-lighthouse.mjs http://localhost:3000). Prints one line per budget and
// exits 1 when one is missed; `npm run bench` runs it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = join(root, 'apps/web/dist');
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** Set to a directory to keep every run's full report (JSON, viewable at googlechrome.github.io/lighthouse/viewer). */
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const PAGES = [
  { name: 'landing page', path: '/' },
  { name: 'login page', path: '/auth/login' },
];
export const LIGHTHOUSE_BUDGETS = { score: 90, scriptKb: 150 };
const DEMO_OWNER = { email: 'owner@amp.test', password: 'amp-demo-2026' };

/** The public fault portal of the demo owner with an asset pre-filled (?asset=), as its QR label opens it. */
async function faultPortalPath(base) {
  const json = async (response) => {
    if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
    return (await response.json()).data;
  };
  const login = await json(
    await fetch(`${base}/v2/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_OWNER),
    }),
  );
  const me = await json(await fetch(`${base}/v2/account/me`, { headers: { authorization: `Bearer ${login.accessToken}` } }));
  const ownerId = me.organisation._id;
  const clusters = await json(await fetch(`${base}/v2/asset/asset-owner/cluster/${ownerId}`));
  const assets = await json(await fetch(`${base}/v2/fault/portal/${ownerId}/assets?cluster=${clusters[0]._id}`));
  return `/report/fault/${ownerId}?asset=${assets[0]._id}`;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built app (production, embedded database under `dataDir`) and resolves once it answers. */
export async function startBuiltApp(port, dataDir) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
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
    if (server.exitCode !== null) throw new Error('the app exited before it was ready');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    server,
    stop: async () => {
      if (server.exitCode !== null) return;
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    },
  };
}

async function startApp() {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'ignore' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'amp-lighthouse-'));
  const app = await startBuiltApp(port, dataDir);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One Lighthouse run (its command line, default mobile settings) on a fresh browser profile. */
function lighthouse(url) {
  const cli = join(root, 'node_modules/lighthouse/cli/index.js');
  const run = spawnSync(
    process.execPath,
    [
      cli,
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: chromium } },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed on ${url}: ${run.stderr.trim().split('\n').slice(-3).join(' ')}`);
  const report = JSON.parse(run.stdout);
  if (report.runtimeError) throw new Error(`lighthouse on ${url}: ${report.runtimeError.message}`);
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
    writeFileSync(join(reportDir, `${name}-${Date.now()}.json`), run.stdout);
  }
  const scripts = report.audits['resource-summary'].details.items.find((item) => item.resourceType === 'script');
  // The budget is in gzip (issue 8): the scripts the page loaded, gzipped at the highest level from the build.
  const scriptPaths = report.audits['network-requests'].details.items
    .filter((item) => item.resourceType === 'Script')
    .map((item) => new URL(item.url).pathname);
  const gzipKb = scriptPaths.reduce((sum, path) => sum + gzipSync(readFileSync(join(webDist, path)), { level: 9 }).length, 0) / 1024;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: report.audits['first-contentful-paint'].numericValue / 1000,
    lcp: report.audits['largest-contentful-paint'].numericValue / 1000,
    tbt: report.audits['total-blocking-time'].numericValue,
    scriptKb: (scripts?.transferSize ?? 0) / 1024,
    gzipKb,
    scriptCount: scripts?.requestCount ?? 0,
    // Lighthouse's measure of this machine's CPU speed: a busy machine gives a low index and a low score.
    benchmarkIndex: report.environment?.benchmarkIndex ?? 0,
  };
}

/** The median run by score (Lighthouse varies from run to run on a shared machine). */
function median(results) {
  const sorted = [...results].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Measures the pages; returns the budget lines ({ name, ok, text }). */
export async function benchLighthouse(baseUrl) {
  if (!existsSync(chromium)) throw new Error(`Chromium not found at ${chromium} (set CHROMIUM_PATH)`);
  const app = baseUrl ? { base: baseUrl.replace(/\/+$/, ''), stop: async () => {} } : await startApp();
  const budgets = [];
  try {
    const pages = [...PAGES, { name: 'fault portal', path: await faultPortalPath(app.base) }];
    for (const page of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        try {
          results.push(lighthouse(`${app.base}${page.path}`));
        } catch (error) {
          // A browser that fails to start on a busy machine gets one more try.
          console.error(`${error.message}; trying again`);
          results.push(lighthouse(`${app.base}${page.path}`));
        }
      }
      const r = median(results);
      console.log(
        `lighthouse ${page.name} (${page.path}, mobile, median of ${runs}): performance ${r.score}, FCP ${r.fcp.toFixed(1)} s, ` +
          `LCP ${r.lcp.toFixed(1)} s, TBT ${Math.round(r.tbt)} ms, JavaScript ${r.scriptKb.toFixed(1)} KiB transferred (brotli) in ${r.scriptCount} files, ` +
          `${r.gzipKb.toFixed(1)} KiB gzipped` +
          ` (scores ${results.map((x) => x.score).join(', ')}; CPU benchmark index ${Math.round(r.benchmarkIndex)})`,
      );
      budgets.push({
        name: `lighthouse ${page.name} performance`,
        ok: r.score >= LIGHTHOUSE_BUDGETS.score,
        text: `${r.score} (budget >= ${LIGHTHOUSE_BUDGETS.score})`,
      });
      budgets.push({
        name: `lighthouse ${page.name} JavaScript (gzip)`,
        ok: r.gzipKb <= LIGHTHOUSE_BUDGETS.scriptKb,
        text: `${r.gzipKb.toFixed(1)} KiB (budget <= ${LIGHTHOUSE_BUDGETS.scriptKb} KiB)`,
      });
    }
  } finally {
    await app.stop();
  }
  return budgets;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const budgets = await benchLighthouse(process.argv[2]);
  for (const budget of budgets) console.log(`${budget.ok ? 'PASS' : 'FAIL'} ${budget.name}: ${budget.text}`);
  process.exit(budgets.every((budget) => budget.ok) ? 0 : 1);
}
