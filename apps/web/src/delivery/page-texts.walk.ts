import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/**
 * Finds, from source text alone, the translation namespaces a module and everything it imports
 * (statically or lazily, within apps/web/src) can read: `useTranslation('x')` and
 * `useTranslation(['x', 'y'])`, any literal `'x:key'` (in a `t` call or kept in data), and the `ns`
 * / `namespace` props and options the shared components take. The build derives each page's texts with it (page-texts.build.ts).
 */
const SRC = new URL('../', import.meta.url).pathname;

const STATIC_IMPORT = /(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC_IMPORT = /import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const USE_TRANSLATION = /useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g;
/** Any literal that starts `namespace:key` (a `t('ns:key')` call, or a key kept in data such as a menu's labelKey). */
const PREFIXED_KEY = /['"`]([a-z-]+):[A-Za-z$]/g;
const NAMESPACES = new Set(readdirSync(join(SRC, 'locales/en')).map((file) => file.replace(/\.json$/, '')));
const NS_PROP = /\b(?:ns|namespace)(?:=\{?|:\s*)['"]([a-z-]+)['"]/g;
const QUOTED = /'([a-z-]+)'/g;

function resolveImport(from: string, specifier: string): string | undefined {
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Namespaces read by `entry` (a path relative to apps/web/src) and every module it reaches. */
export function namespacesReachedFrom(
  entries: string[],
  options: { lazy: boolean } = { lazy: true },
): { namespaces: Set<string>; modules: Set<string>; lazyImports: Set<string> } {
  const lazyImports = new Set<string>();
  const namespaces = new Set<string>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => join(SRC, entry));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(USE_TRANSLATION))
      for (const quoted of (match[1] ?? '').matchAll(QUOTED)) namespaces.add(quoted[1] as string);
    for (const match of text.matchAll(PREFIXED_KEY)) if (NAMESPACES.has(match[1] as string)) namespaces.add(match[1] as string);
    for (const match of text.matchAll(NS_PROP)) namespaces.add(match[1] as string);
    for (const match of text.matchAll(STATIC_IMPORT)) {
      const target = resolveImport(file, match[1] as string);
      if (target && !seen.has(target)) queue.push(target);
    }
    for (const match of text.matchAll(DYNAMIC_IMPORT)) {
      const target = resolveImport(file, match[1] as string);
      if (!target) continue;
      lazyImports.add(relative(SRC, target));
      if (options.lazy && !seen.has(target)) queue.push(target);
    }
  }
  return { namespaces, modules: new Set([...seen].map((file) => relative(SRC, file))), lazyImports };
}
