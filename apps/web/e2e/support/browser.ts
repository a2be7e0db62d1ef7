import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Flags that keep headless Chromium quiet on a machine without outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** CHROME_PATH, else Debian's /usr/bin/chromium, else the Chromium shipped by @sparticuz/chromium. */
export async function resolveChromium(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}

/** Launches headless Chromium for one spec file. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await resolveChromium(), headless: true, args: CHROMIUM_ARGS });
}
