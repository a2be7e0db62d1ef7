import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's resource layer (docs/decisions/079-web-resource-layer.md): every call of the API is
 * written in src/api, once. This reads the source for '/api/...' path literals, works out the
 * method from the call they are passed to, and fails when an endpoint (method and path) is written
 * in two files or a path appears outside src/api. Tests are left out: they name paths to check them.
 */

const SRC = new URL('..', import.meta.url).pathname;

/** Files outside src/api that may name an API path, and why. None today. */
const ALLOWED_OUTSIDE: Record<string, string> = {};

const CALL =
  /\b(apiGet|apiPost|apiPut|apiPatch|apiDelete|apiClient\.(?:get|post|put|patch|delete)|downloadFile|sendWithProgress|useServerEvents|fetch)\b/g;
const METHOD: Record<string, string> = {
  apiGet: 'GET',
  apiPost: 'POST',
  apiPut: 'PUT',
  apiPatch: 'PATCH',
  apiDelete: 'DELETE',
  fetch: 'GET',
};
const methodOf = (call: string) => METHOD[call] ?? (call.startsWith('apiClient.') ? call.slice('apiClient.'.length).toUpperCase() : call);
// A quoted or template literal starting with /api/ (a template may start with its base URL).
const PATH_LITERAL = /(['"`])(?:\$\{\w+\})?(\/api\/[^'"`]*)\1/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `/api/contacts/${encodeURIComponent(id)}/messages?${query}` -> `/api/contacts/:param/messages`. */
const normalise = (path: string) => path.replace(/\$\{[^}]*\}/g, ':param').replace(/\?.*$/, '');

/** The method of the call a literal at `index` is passed to: the nearest call name before it in the statement. */
function methodAt(source: string, index: number): string {
  const before = source.slice(Math.max(0, index - 240), index);
  const statement = before.slice(before.lastIndexOf(';') + 1);
  const calls = [...statement.matchAll(CALL)];
  const name = calls.at(-1)?.[1];
  return name === undefined ? 'ANY' : methodOf(name);
}

interface Use {
  file: string;
  endpoint: string;
}

function endpointUses(): Use[] {
  return sourceFiles(SRC).flatMap((path) => {
    const source = readFileSync(path, 'utf8');
    const file = relative(SRC, path);
    return [...source.matchAll(PATH_LITERAL)].map((match) => ({
      file,
      endpoint: `${methodAt(source, match.index)} ${normalise(match[2] ?? '')}`,
    }));
  });
}

describe('API paths in the web app', () => {
  const uses = endpointUses();

  it('finds the calls (the scan itself works)', () => {
    expect(uses.length).toBeGreaterThan(120);
    expect(uses).toContainEqual({ file: 'api/segments/get-segments.ts', endpoint: 'GET /api/segments' });
    expect(uses).toContainEqual({ file: 'api/campaigns/update-campaign.ts', endpoint: 'PUT /api/campaigns/:param' });
  });

  it('are written only in src/api', () => {
    const outside = uses.filter((use) => !use.file.startsWith('api/') && !(use.file in ALLOWED_OUTSIDE));
    expect(outside).toEqual([]);
  });

  it('each endpoint is written in one file', () => {
    const files = new Map<string, Set<string>>();
    for (const use of uses) files.set(use.endpoint, (files.get(use.endpoint) ?? new Set()).add(use.file));
    const repeated = [...files].filter(([, where]) => where.size > 1).map(([endpoint, where]) => ({ endpoint, files: [...where].sort() }));
    expect(repeated).toEqual([]);
  });
});
