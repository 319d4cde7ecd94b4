// The offline replay (issue 13): tech1 reports 100 faults, each with a photo, from the Fault Portal
// of the built app with no signal (Chromium at 375 px); then the signal returns over a flaky link
// that loses the answer of every third upload and report after the server has applied it, so the
// phone sends those again with the same Idempotency-Key. Budget: the queue empties, and the API
// holds exactly 100 reports with a photo each, none lost and none doubled. Prints the time the
// replay took. `npm run bench` runs it; alone: node scripts/bench-offline.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { freePort, launchChromium, startBuiltApp } from './bench-lighthouse.mjs';

const ACTIONS = 100;
const PASSWORD = 'amp-demo-2026';
const TECH = 'tech1@amp.test';
const run = Date.now().toString(36);

/** A small PNG of one colour per report, so every photo is a different file. */
function png(seed) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'ascii');
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(Buffer.concat([Buffer.from(type, 'ascii'), data])));
    return Buffer.concat([head, data, sum]);
  };
  const size = 64;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => [seed % 256, (seed * 7) % 256, (i * 3) % 256][i % 3])]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'amp-offline-bench-'));
const app = await startBuiltApp(port, dataDir);
const browser = await launchChromium();
const budgets = [];
try {
  const login = await fetch(`${base}/v2/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: TECH, password: PASSWORD }),
  });
  const token = (await login.json()).data.accessToken;
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: base });
  await context.addInitScript((saved) => localStorage.setItem('amp.authToken', saved), token);
  const page = await context.newPage();

  // Online once: the app, the form and its asset picker are kept on the phone.
  await page.goto('/asset/report-fault');
  const asset = page.getByRole('combobox', { name: 'Asset', exact: true }).or(page.getByRole('textbox', { name: 'Asset', exact: true }));
  await asset.first().click();
  await page.getByRole('option', { name: /Tower generator 2/ }).waitFor();
  await page.keyboard.press('Escape');
  await page.evaluate(async () => {
    if ((await navigator.serviceWorker?.getRegistration()) !== undefined) await navigator.serviceWorker.ready;
  });

  await context.setOffline(true);
  const queuedStarted = performance.now();
  for (let n = 1; n <= ACTIONS; n++) {
    await asset.first().click();
    await page.getByRole('option', { name: /Tower generator 2/ }).click();
    await page.getByRole('radio', { name: 'Repair' }).check();
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill(`Offline bench ${run} report ${n}`);
    await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('08030000101');
    await page.locator('input[type="file"]').setInputFiles({ name: `photo-${n}.png`, mimeType: 'image/png', buffer: png(n) });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page
      .getByTestId('sync-count')
      .filter({ hasText: new RegExp(`^${n}$`) })
      .waitFor({ timeout: 15_000 });
  }
  console.log(`  ${ACTIONS} reports with a photo queued offline in ${((performance.now() - queuedStarted) / 1000).toFixed(1)} s`);

  // The signal returns over a link that drops every third answer once the server has applied the call.
  const sent = { upload: 0, report: 0, dropped: 0 };
  for (const [pattern, kind] of [
    ['**/v2/file/upload', 'upload'],
    ['**/v2/fault/report', 'report'],
  ]) {
    await context.route(pattern, async (route) => {
      const response = await route.fetch();
      sent[kind]++;
      if (sent[kind] % 3 === 0 && response.headers()['idempotent-replayed'] !== 'true') {
        sent.dropped++;
        return route.abort('connectionreset');
      }
      return route.fulfill({ response });
    });
  }
  const replayStarted = performance.now();
  await context.setOffline(false);
  await page.getByTestId('sync-count').waitFor({ state: 'detached', timeout: 10 * 60_000 });
  const replaySeconds = (performance.now() - replayStarted) / 1000;
  console.log(
    `  replayed in ${replaySeconds.toFixed(1)} s: ${sent.upload} upload and ${sent.report} report calls, ${sent.dropped} answers lost and sent again`,
  );

  // What the API holds: every report once, each with its photo.
  const headers = { authorization: `Bearer ${token}` };
  /** The API's data, waiting out the general request limit (the replay used much of tech1's window). */
  const read = async (path) => {
    for (;;) {
      const answer = await fetch(`${base}${path}`, { headers });
      if (answer.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, 1000 * Number(answer.headers.get('retry-after') ?? 1)));
        continue;
      }
      if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
      return (await answer.json()).data;
    }
  };
  const faults = await read('/v2/fault?tab=all&pageSize=100');
  const reports = [];
  for (const fault of faults) {
    const detail = await read(`/v2/fault/${fault._id}`);
    reports.push(...detail.reports.filter((report) => report.description.startsWith(`Offline bench ${run} `)));
  }
  const descriptions = new Set(reports.map((report) => report.description));
  const withPhoto = reports.filter((report) => report.image?.kind === 'image').length;
  const photos = new Set(reports.map((report) => report.image?._id));
  const ok = reports.length === ACTIONS && descriptions.size === ACTIONS && withPhoto === ACTIONS && photos.size === ACTIONS;
  budgets.push({
    ok,
    name: `offline replay of ${ACTIONS} queued reports with ${ACTIONS} photos`,
    text: `${reports.length} reports (${descriptions.size} distinct), ${withPhoto} with a photo (${photos.size} distinct), in ${replaySeconds.toFixed(1)} s (budget: ${ACTIONS} of each, none lost or doubled)`,
  });
  await context.close();
} catch (error) {
  budgets.push({ ok: false, name: 'offline replay', text: `did not finish: ${error.message.split('\n')[0]}` });
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
for (const budget of budgets) console.log(`${budget.ok ? 'PASS' : 'FAIL'} ${budget.name}: ${budget.text}`);
process.exitCode = budgets.every((budget) => budget.ok) ? 0 : 1;
