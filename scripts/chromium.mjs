// Debian's Chromium as the scripts and the end-to-end tests start it: headless, with the flags this
// machine needs (no sandbox, no GPU, nothing fetched in the background). CHROMIUM_PATH names another.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
