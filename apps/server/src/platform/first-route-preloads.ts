import { readFileSync, statSync } from 'node:fs';

/** The build's list of files per first-visited address (apps/web `first-route-modules.ts`, decision 062). */
type Preloads = Record<string, string[]>;

const ASSET_PATH = /^\/assets\/[\w.-]+\.js$/;

/**
 * The `<link rel="modulepreload">` tags for an address, from the build's list: the browser fetches
 * the page's code while it reads the HTML instead of after the entry ran. Read once per build (the
 * file's modification time); a missing or unreadable list means no tags, never a failed page.
 */
export function firstRoutePreloadReader(path: string): (pathname: string) => string {
  let cached: { mtimeMs: number; preloads: Preloads } | undefined;
  const read = (): Preloads => {
    try {
      const { mtimeMs } = statSync(path);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, preloads: JSON.parse(readFileSync(path, 'utf8')) as Preloads };
      return cached.preloads;
    } catch {
      return {};
    }
  };
  return (pathname) => {
    const address = pathname.replace(/\/+$/, '') || '/';
    const files = Object.hasOwn(read(), address) ? read()[address] : undefined;
    if (!Array.isArray(files)) return '';
    // Only hashed asset paths go into the HTML, so the list can never inject markup.
    return files
      .filter((file) => typeof file === 'string' && ASSET_PATH.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}" nonce="__CSP_NONCE__" />`)
      .join('');
  };
}
