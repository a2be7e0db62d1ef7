import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Chromium features off. Chromium reads only the last `--disable-features`, so this list repeats
 * the one Playwright passes (playwright-core 1.64's chromiumSwitches.ts; compare it on an upgrade)
 * before adding ours (decision 123).
 * Ours: the omnibox's WebUI pop-ups. Debian's Chromium runs the new headless mode, a whole
 * browser window per context, which loads two chrome://omnibox-popup pages in a renderer of their
 * own for every browser context a test opens: CPU the tests' pages and server then lack.
 */
const DISABLED_FEATURES = [
  // Playwright's.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // Ours.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
];

/** Flags that keep headless Chromium quiet on a machine without outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
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
