import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FRAME_NAMESPACES, PUBLIC_SITE_NAMESPACES, SIGN_IN_NAMESPACES } from '../lib/i18n/text-sets';
import { namespacesReachedFrom } from './page-texts.walk';

/**
 * A page downloads only the translation namespaces it declares (`withTexts` in the router) beside
 * the sign-in set and its frame's set (decision 067). A namespace a page reads but does not declare
 * would arrive late, through the i18next backend, with the page suspended meanwhile; one it declares
 * but does not read is a download for nothing. These tests compare each declaration with what the
 * page's modules read, found in their source (page-texts.walk.ts).
 */

const appFile = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const beyond = (names: Iterable<string>, ...sets: ReadonlyArray<readonly string[]>) =>
  sorted([...names].filter((name) => !sets.some((set) => set.includes(name))));

// The router hands these pages their tabs, so the tabs' modules are read by the page too.
const HANDED_TO_PAGE: Record<string, string[]> = {
  'features/settings/routes/configurations.tsx': ['app/configuration-tabs.tsx'],
  'features/account/routes/account-settings.tsx': ['app/account-settings-tabs.tsx'],
};

const pageReads = (module: string) => namespacesReachedFrom([module, ...(HANDED_TO_PAGE[module] ?? [])]).namespaces;

/** `withTexts(import('../x'), ['a', 'b'])` in a file of src/app: [module, declared namespaces]. */
function declarations(source: string): Array<[module: string, declared: string[]]> {
  return [...source.matchAll(/withTexts\(\s*import\('\.\.\/([^']+)'\),\s*\[([^\]]*)\]/g)].map((match) => [
    `${match[1]}.tsx`,
    [...(match[2] ?? '').matchAll(/'([a-z-]+)'/g)].map((quoted) => quoted[1] as string),
  ]);
}

describe('translation namespaces per page', () => {
  const router = appFile('router.tsx');
  const firstRoutePages = appFile('first-route-pages.ts');

  it('finds what a module reads, through what it imports', () => {
    // reason-text reads `statuses`; the dashboard reaches it through its campaigns card.
    expect(namespacesReachedFrom(['lib/messaging/reason-text.ts']).namespaces).toEqual(new Set(['statuses']));
    expect(pageReads('features/dashboard/routes/dashboard.tsx')).toEqual(new Set(['common', 'dashboard', 'statuses']));
    // A tab the router hands to /configurations, loaded lazily by the tab list.
    expect(pageReads('features/settings/routes/configurations.tsx').has('developers')).toBe(true);
  });

  it('every page with texts of its own declares exactly the namespaces it reads beyond the sign-in set', () => {
    const declared = [...declarations(router), ...declarations(firstRoutePages)];
    expect(declared.length).toBeGreaterThan(30);
    for (const [module, namespaces] of declared) {
      expect({ module, namespaces: sorted(namespaces) }).toEqual({ module, namespaces: beyond(pageReads(module), SIGN_IN_NAMESPACES) });
    }
  });

  it('a page the router loads without declaring texts reads only the sign-in set', () => {
    const plain = [...router.matchAll(/lazyRoute\(\(\) => import\('\.\.\/([^']+)'\)\)/g)].map((match) => `${match[1]}.tsx`);
    expect(plain).toContain('features/auth/routes/register.tsx');
    for (const module of plain) expect({ module, beyond: beyond(pageReads(module), SIGN_IN_NAMESPACES) }).toEqual({ module, beyond: [] });
  });

  it('the signed-in frame reads only the sign-in and frame sets, lazily loaded parts of its own included', () => {
    const frame = namespacesReachedFrom(['app/layouts/full-layout.tsx', 'app/require-ability.tsx', 'app/require-auth.tsx'], {
      lazy: false,
    });
    // Lazily loaded features (the settings tabs the menu lists) are pages' parts, declared by those pages.
    const ownLazy = [...frame.lazyImports].filter((module) => !module.startsWith('features/'));
    expect(ownLazy).toContain('app/routes/forbidden.tsx');
    const reads = new Set([...frame.namespaces, ...namespacesReachedFrom(ownLazy).namespaces]);
    expect(beyond(reads, SIGN_IN_NAMESPACES, FRAME_NAMESPACES)).toEqual([]);
    // And the frame's set holds nothing the frame does not read.
    expect(beyond(FRAME_NAMESPACES, [...reads])).toEqual([]);
  });

  it('the first signed-out pages read only the sets loaded before them', () => {
    expect(beyond(namespacesReachedFrom(['features/auth/routes/login.tsx']).namespaces, SIGN_IN_NAMESPACES)).toEqual([]);
    const publicSite = namespacesReachedFrom(['features/public-site/routes/landing-page.tsx', 'app/layouts/public-layout.tsx']).namespaces;
    expect(beyond(publicSite, SIGN_IN_NAMESPACES, PUBLIC_SITE_NAMESPACES)).toEqual([]);
  });

  it('every namespace read anywhere exists in English', () => {
    const files = new Set(readdirSync(new URL('../locales/en/', import.meta.url)).map((file) => file.replace(/\.json$/, '')));
    const everything = namespacesReachedFrom(['main.tsx']).namespaces;
    expect(everything.size).toBeGreaterThan(25);
    expect(beyond(everything, [...files])).toEqual([]);
  });
});
