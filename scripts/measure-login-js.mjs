// Prints the JavaScript a browser loads for the login page, raw and gzipped (run against a started app:
// node scripts/measure-login-js.mjs http://localhost:3000).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from './bench-lighthouse.mjs';

const base = process.argv[2] ?? 'http://localhost:3000';
const dist = new URL('../apps/web/dist', import.meta.url).pathname;
const browser = await launchChromium();
const page = await browser.newPage();
const scripts = new Set();
page.on('response', (response) => {
  const path = new URL(response.url()).pathname;
  if (path.endsWith('.js')) scripts.add(path);
});
await page.goto(`${base}/auth/login`);
await page.getByRole('button', { name: 'Sign In' }).waitFor();
await page.waitForLoadState('networkidle');
await browser.close();

let raw = 0;
let gzip = 0;
for (const path of [...scripts].sort()) {
  const content = readFileSync(join(dist, path));
  const zipped = gzipSync(content, { level: 9 }).length;
  raw += content.length;
  gzip += zipped;
  console.log(`${path.padEnd(48)} ${(content.length / 1024).toFixed(1).padStart(7)} kB  ${(zipped / 1024).toFixed(1).padStart(6)} kB gzip`);
}
console.log(`login page: ${scripts.size} scripts, ${(raw / 1024).toFixed(1)} kB, ${(gzip / 1024).toFixed(1)} kB gzip`);
