import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { namespacesReachedFrom } from './page-texts.walk';
import { SIGN_IN_NAMESPACES } from './text-sets';

/**
 * Each page's translation namespaces, derived from its source instead of kept by hand (decision 082,
 * after 067). Where the router (or a first-route preload) writes `withTexts(import('../x/page'))`,
 * the build writes `withTexts(import('../x/page'), ['a', 'b'])`: the namespaces that page's modules
 * read (page-texts.walk.ts) beyond the sign-in set, which is always there. The page's code and its
 * texts then download side by side, as before.
 */

/** Where apps/web/src is. */
const SRC = new URL('../', import.meta.url).pathname;

/** `withTexts(import('<relative path>'))`, one argument (prettier may break it over lines). */
export const PAGE_WITH_TEXTS = /withTexts\(\s*import\(\s*'(\.{1,2}\/[^']+)'\s*\)\s*,?\s*\)/g;

/**
 * The router hands these pages their tabs (features do not import each other, so the app composes
 * them), so the tabs' modules are read by the page too. Paths relative to apps/web/src.
 */
export const HANDED_TO_PAGE: Record<string, string[]> = {
  'features/settings/routes/configurations.tsx': ['app/configuration-tabs.tsx'],
  'features/account/routes/account-settings.tsx': ['app/account-settings-tabs.tsx'],
};

/** What a page module (relative to apps/web/src, with its extension) and its handed tabs read. */
export function pageReads(module: string): { namespaces: Set<string>; modules: Set<string> } {
  return namespacesReachedFrom([module, ...(HANDED_TO_PAGE[module] ?? [])]);
}

/** The namespaces a page downloads beside its code: what it reads beyond the sign-in set, sorted. */
export function pageNamespaces(module: string): string[] {
  return [...pageReads(module).namespaces].filter((namespace) => !SIGN_IN_NAMESPACES.includes(namespace)).sort();
}

/** A page's module path relative to apps/web/src, from an import in `file` (absolute). */
function pageModule(file: string, specifier: string): string {
  const module = relative(SRC, join(dirname(file), specifier));
  const found = [module, `${module}.tsx`, `${module}.ts`].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(join(SRC, candidate)),
  );
  if (!found) throw new Error(`page-texts: ${relative(SRC, file)} loads ${specifier} with its texts, and there is no such module`);
  return found;
}

/**
 * `source` (of the module at absolute path `file`) with each page's namespaces filled in, and the
 * modules they were read from (so a dev server derives them again when one changes); undefined when
 * it loads no page with its texts.
 */
export function fillPageTexts(source: string, file: string): { code: string; modules: string[] } | undefined {
  if (!source.includes('withTexts(')) return undefined;
  const read = new Set<string>();
  const code = source.replace(PAGE_WITH_TEXTS, (_call, specifier: string) => {
    const module = pageModule(file, specifier);
    for (const reached of pageReads(module).modules) read.add(join(SRC, reached));
    return `withTexts(import('${specifier}'), ${JSON.stringify(pageNamespaces(module))})`;
  });
  return code === source ? undefined : { code, modules: [...read] };
}

/** The Vite plugin: fills in every page's namespaces in the app's source, at build and in the dev server. */
export function pageTexts(): Plugin {
  return {
    name: 'sms:page-texts',
    enforce: 'pre',
    transform(source, id) {
      if (!id.startsWith(SRC) || !/\.tsx?$/.test(id)) return undefined;
      const filled = fillPageTexts(source, id);
      if (!filled) return undefined;
      for (const module of filled.modules) this.addWatchFile(module);
      return { code: filled.code, map: null };
    },
  };
}
