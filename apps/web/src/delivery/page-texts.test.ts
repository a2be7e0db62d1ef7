import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fillPageTexts, PAGE_WITH_TEXTS, pageNamespaces, pageReads } from './page-texts.build';
import { namespacesReachedFrom } from './page-texts.walk';
import { FRAME_NAMESPACES, PUBLIC_SITE_NAMESPACES, SIGN_IN_NAMESPACES } from './text-sets';

/**
 * A page downloads the translation namespaces it reads beside its code (`withTexts`), beyond the
 * sign-in set and its frame's set (decisions 067, 082). The build derives each page's list from the
 * page's modules (page-texts.build.ts, page-texts.walk.ts); these tests hold the derivation to what
 * the pages read and check the sets that load before any page.
 */

const srcFile = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');
const srcPath = (name: string) => new URL(`../${name}`, import.meta.url).pathname;
const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const beyond = (names: Iterable<string>, ...sets: ReadonlyArray<readonly string[]>) =>
  sorted([...names].filter((name) => !sets.some((set) => set.includes(name))));

/** The pages a file loads with their texts, and the lists the build writes for them. */
function filled(name: string): Array<[module: string, namespaces: string[]]> {
  const code = fillPageTexts(srcFile(name), srcPath(name))?.code ?? '';
  return [...code.matchAll(/withTexts\(import\('\.\.\/([^']+)'\), (\[[^\]]*\])\)/g)].map((match) => [
    `${match[1]}.tsx`,
    JSON.parse(match[2] as string) as string[],
  ]);
}

describe('translation namespaces per page', () => {
  it('finds what a module reads, through what it imports', () => {
    // reason-text reads `statuses`; the dashboard reaches it through its campaigns card.
    expect(namespacesReachedFrom(['lib/messaging/reason-text.ts']).namespaces).toEqual(new Set(['statuses']));
    expect(pageNamespaces('features/dashboard/routes/dashboard.tsx')).toEqual(['dashboard', 'statuses']);
    // A tab the router hands to /configurations, loaded lazily by the tab list.
    expect(pageNamespaces('features/settings/routes/configurations.tsx')).toContain('developers');
    expect(pageNamespaces('features/account/routes/account-settings.tsx')).toEqual(['account', 'notifications', 'profile']);
  });

  it('the build fills in every page the router loads with its texts, with what that page reads beyond the sign-in set', () => {
    const router = srcFile('app/router.tsx');
    const calls = [...router.matchAll(/withTexts\(/g)].length;
    const pages = filled('app/router.tsx');
    // Every call is one the build recognises: none would be left to the i18next backend.
    expect(pages).toHaveLength(calls);
    expect(pages.length).toBeGreaterThan(30);
    // The pages a first visit preloads (the dashboard, the public site's server-rendered pages) are the router's too.
    const firstPages = filled('delivery/first-route-pages.ts');
    for (const [module, namespaces] of [...pages, ...firstPages]) {
      const reads = pageReads(module).namespaces;
      // Nothing the page reads is missing, and nothing is downloaded that it does not read.
      expect({ module, missing: beyond(reads, SIGN_IN_NAMESPACES, namespaces), unread: beyond(namespaces, [...reads]) }).toEqual({
        module,
        missing: [],
        unread: [],
      });
    }
    expect(Object.fromEntries(pages)).toMatchObject({
      'features/users/routes/users-list.tsx': ['users'],
      'features/contacts/routes/contact-detail.tsx': ['contacts', 'erasure', 'inbox', 'notes', 'timeline'],
    });
    expect(firstPages).toHaveLength(8);
    expect(Object.fromEntries(firstPages)).toMatchObject({
      'features/dashboard/routes/dashboard.tsx': ['dashboard', 'statuses'],
      'features/public-site/routes/blog-page.tsx': ['archive'],
    });
  });

  it('every `withTexts(` in the app is a form the build fills in', () => {
    const files = readdirSync(srcPath(''), { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes('.test.') && !file.startsWith('delivery/'),
    );
    for (const file of [...files, 'delivery/first-route-pages.ts']) {
      const source = srcFile(file);
      const calls = [...source.matchAll(/withTexts\(/g)].length;
      expect({ file, calls: [...source.matchAll(PAGE_WITH_TEXTS)].length }).toEqual({ file, calls });
    }
  });

  it('a page the router loads without its texts reads only the sign-in set', () => {
    const plain = [...srcFile('app/router.tsx').matchAll(/lazyRoute\(\(\) => import\('\.\.\/([^']+)'\)\)/g)].map(
      (match) => `${match[1]}.tsx`,
    );
    expect(plain).toContain('features/auth/routes/register.tsx');
    for (const module of plain) expect({ module, beyond: pageNamespaces(module) }).toEqual({ module, beyond: [] });
  });

  it('the signed-in frame reads only the sign-in and frame sets, lazily loaded parts of its own included', () => {
    const frame = namespacesReachedFrom(['app/layouts/full-layout.tsx', 'app/require-ability.tsx', 'app/require-auth.tsx'], {
      lazy: false,
    });
    // Lazily loaded features (the settings tabs the menu lists) are pages' parts, loaded with those pages' texts.
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
    const everything = namespacesReachedFrom(['delivery/main.tsx']).namespaces;
    expect(everything.size).toBeGreaterThan(25);
    expect(beyond(everything, [...files])).toEqual([]);
  });
});
