import { readFileSync, statSync } from 'node:fs';

/** The build's list of files per first-visited address (apps/web `src/delivery/first-route-modules.ts`, decision 062). */
type Preloads = Record<string, string[]>;

const ASSET_PATH = /^\/assets\/[\w.-]+\.js$/;

/**
 * The `<link rel="modulepreload">` tags for an address, from the build's list: the browser fetches
 * the page's code while it reads the HTML instead of after the entry ran. Read once per build (the
 * file's modification time); a missing or unreadable list means no tags, never a failed page.
 */
export function firstRoutePreloadReader(path: string): (pathname: string) => string {
  const read = builtJsonReader<Preloads>(path);
  return (pathname) => {
    const preloads = read();
    const address = addressOf(pathname);
    const files = Object.hasOwn(preloads, address) ? preloads[address] : undefined;
    if (!Array.isArray(files)) return '';
    // Only hashed asset paths go into the HTML, so the list can never inject markup.
    return files
      .filter((file) => typeof file === 'string' && ASSET_PATH.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${file}" nonce="__CSP_NONCE__" />`)
      .join('');
  };
}

const PAGE_FILE = /^[\w-]+\.html$/;

/**
 * The page an address starts from when the build gave it one of its own (apps/web
 * `src/delivery/first-route-modules.ts` PAGE_ENTRIES, decision 071): the sign-in page has an entry without MUI.
 * Undefined for every other address, or when the list is missing or names something else.
 */
export function pageEntryReader(path: string): (pathname: string) => string | undefined {
  const read = builtJsonReader<Record<string, unknown>>(path);
  return (pathname) => {
    const pages = read();
    const address = addressOf(pathname);
    const page = Object.hasOwn(pages, address) ? pages[address] : undefined;
    return typeof page === 'string' && PAGE_FILE.test(page) ? page : undefined;
  };
}

/** '/auth/login/' -> '/auth/login'; '' -> '/'. */
const addressOf = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** A JSON file of the build, read once per build (its modification time and size); missing or unreadable reads as {}. */
function builtJsonReader<T extends object>(path: string): () => T {
  let cached: { version: string; value: T } | undefined;
  return () => {
    try {
      const { mtimeMs, size } = statSync(path);
      const version = `${mtimeMs}:${size}`;
      if (cached?.version !== version) cached = { version, value: JSON.parse(readFileSync(path, 'utf8')) as T };
      return cached.value;
    } catch {
      return {} as T;
    }
  };
}
