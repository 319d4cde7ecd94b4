// `npm run help:screenshots -w apps/web`: photographs the screen of every Help Center guide
// (src/features/help/guides.ts: `screen.path` signed in as `screen.account`) in each of the six
// languages, from the built app on a throwaway embedded database with the demo data, into
// public/help/screenshots/<lang>/<slug>.jpg. Run it after a screen changes so the guides show it as
// it is. Builds the web app first when there is no build; Chromium at CHROMIUM_PATH or /usr/bin/chromium.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@amp/contracts/languages';
import type { Browser } from '@playwright/test';
// @ts-expect-error: a plain ESM script of the repository, without types.
import { freePort, launchChromium, startBuiltApp } from '../../../scripts/bench-lighthouse.mjs';
import { GUIDES } from '../src/features/help/guides';

const PASSWORD = 'amp-demo-2026';
const OUT = join(import.meta.dirname, '../public/help/screenshots');
const VIEWPORT = { width: 1200, height: 750 };
/** Only the guides named on the command line (slugs), or all. */
const only = new Set(process.argv.slice(2));

const port: number = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'amp-help-shots-'));
const app = await startBuiltApp(port, dataDir);
const browser: Browser = await launchChromium();

/** A session token per demo account (one sign-in each). */
const tokens = new Map<string, string>();
async function tokenOf(email: string): Promise<string> {
  const known = tokens.get(email);
  if (known) return known;
  const response = await fetch(`${base}/v2/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing in as ${email}: ${response.status}`);
  const token = ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
  tokens.set(email, token);
  return token;
}

let taken = 0;
try {
  for (const language of LANGUAGES) {
    mkdirSync(join(OUT, language), { recursive: true });
    for (const guide of GUIDES.filter((one) => only.size === 0 || only.has(one.slug))) {
      const token = guide.screen.account ? await tokenOf(guide.screen.account) : null;
      const context = await browser.newContext({ viewport: VIEWPORT, locale: language, reducedMotion: 'reduce', serviceWorkers: 'block' });
      // The session and language as the app keeps them (src/lib/api.ts, src/lib/i18n.ts), before its first script runs.
      await context.addInitScript(
        ([savedToken, savedLanguage]) => {
          if (savedToken) localStorage.setItem('amp.authToken', savedToken);
          localStorage.setItem('amp.language', savedLanguage as string);
        },
        [token, language],
      );
      const page = await context.newPage();
      // Not "networkidle": a signed-in page keeps its notification stream open.
      await page.goto(`${base}${guide.screen.path}`, { waitUntil: 'load' });
      await page.locator('main').first().waitFor({ timeout: 15_000 });
      await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
      // Loaders and skeletons gone, transitions settled.
      await page
        .locator('.mantine-Loader-root, .mantine-Skeleton-root')
        .first()
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => {});
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(OUT, language, `${guide.slug}.jpg`), type: 'jpeg', quality: 62 });
      await context.close();
      taken++;
    }
    console.log(`  ${language}: done`);
  }
  console.log(`${taken} screenshots in ${OUT}`);
} finally {
  await browser.close();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
