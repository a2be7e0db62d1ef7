import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Docs that stay true (issue 39): every decision a file cites has a record, ARCHITECTURE.md names
 * only paths that exist, and decision 034 lists the module layers the lint enforces. The whole
 * repository is read, so this test lives with the other unit tests, in contracts, though it tests
 * no contract.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', '.ci-out']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|sql|json|css|html|sh|pl|py|yml|yaml|txt)$|^run$/;
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));

/** Every file and folder of the repository (relative, '/'-separated; folders end with '/'). */
function walk(folder = ''): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : [`${path}/`, ...walk(`${path}/`)];
    return entry.isFile() ? [path] : [];
  });
}

const PATHS = walk();
const TEXT_FILES = PATHS.filter(
  (path) =>
    !path.endsWith('/') &&
    TEXT_FILE.test(path.slice(path.lastIndexOf('/') + 1)) &&
    path !== THIS_FILE &&
    !path.endsWith('package-lock.json') &&
    statSync(join(ROOT, path)).size < 2_000_000,
);
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const RECORDS = readdirSync(join(ROOT, 'docs/decisions')).filter((name) => /^\d{3}-.+\.md$/.test(name));
const RECORD_NUMBERS = new Set(RECORDS.map((name) => name.slice(0, 3)));

/** What a text says about decisions: [the words as written, the numbers they name, the record file when named]. */
function decisionReferences(text: string, inDecisions: boolean): Array<[words: string, numbers: string[], file?: string]> {
  const found: Array<[string, string[], string?]> = [];
  // "decision 034", "decisions 038, 047", "Decisions 069 and 070", "dec. 044".
  for (const match of text.matchAll(/\b(?:decisions?|dec\.)\s+(\d{3}(?:(?:\s*,\s*|\s*,?\s+(?:and|or)\s+)\d{3})*)(?!\d)/gi))
    found.push([match[0], match[1]!.match(/\d{3}/g)!]);
  // "docs/decisions/034-module-layers.md", "decisions/034".
  for (const match of text.matchAll(/decisions\/(\d{3})(-[a-z0-9-]+\.md)?/gi))
    found.push([match[0], [match[1]!], match[2] ? `${match[1]}${match[2]}` : undefined]);
  // Links between records: "[034](034-module-layers.md)".
  if (inDecisions)
    for (const match of text.matchAll(/\]\((\d{3})(-[a-z0-9-]+\.md)\)/g)) found.push([match[0], [match[1]!], `${match[1]}${match[2]}`]);
  return found;
}

/** The paths ARCHITECTURE.md names: link targets and code spans that look like repository paths. */
function architecturePaths(text: string): string[] {
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.replace(/#.*$/, ''))
    .filter((target) => target && !/^[a-z]+:/.test(target));
  const spans = [...text.matchAll(/`([^`\n]+)`/g)]
    .map((match) => match[1]!)
    .filter(
      (span) =>
        !/[\s<>*{}|=:'"(),]/.test(span) &&
        !span.startsWith('/') &&
        (span.endsWith('/') || TEXT_FILE.test(span) || /^(apps|packages|docs|bench|scripts|\.ci)\//.test(span)),
    );
  return [...new Set([...links, ...spans])];
}

/** ARCHITECTURE.md's paths are relative to the root or to a workspace's source; a name after a folder is in it. */
const BASES = ['', 'apps/server/src/', 'apps/web/src/', 'packages/contracts/src/', 'apps/server/', 'apps/web/'];
const PATH_SET = new Set(PATHS);
const exists = (path: string) =>
  BASES.some((base) => PATH_SET.has(`${base}${path}`) || PATH_SET.has(`${base}${path}/`)) ||
  PATHS.some((known) => known.endsWith(`/${path}`) || known.endsWith(`/${path}/`));

describe('docs that stay true', () => {
  it('reads the repository (the walk finds the files it checks)', () => {
    expect(TEXT_FILES).toContain('ARCHITECTURE.md');
    expect(TEXT_FILES).toContain('apps/server/src/app.ts');
    expect(RECORD_NUMBERS.has('034')).toBe(true);
    expect(decisionReferences('(decisions 038, 047 and 068; dec. 044; docs/decisions/034-module-layers.md)', false)).toEqual([
      ['decisions 038, 047 and 068', ['038', '047', '068']],
      ['dec. 044', ['044']],
      ['decisions/034-module-layers.md', ['034'], '034-module-layers.md'],
    ]);
    expect(
      architecturePaths('`platform/auth.ts`, `import-x/no-cycle`, `npm start`, [x](docs/operations.md#top), `modules/<name>/`'),
    ).toEqual(['docs/operations.md', 'platform/auth.ts']);
  });

  it('cites only decisions that have a record, by their file names', () => {
    const wrong: string[] = [];
    for (const path of TEXT_FILES) {
      for (const [words, numbers, file] of decisionReferences(read(path), path.startsWith('docs/decisions/'))) {
        const missing = numbers.filter((number) => !RECORD_NUMBERS.has(number));
        if (missing.length > 0) wrong.push(`${path}: "${words}" (no record ${missing.join(', ')})`);
        else if (file && !RECORDS.includes(file))
          wrong.push(`${path}: "${words}" (the record is ${RECORDS.find((name) => name.startsWith(numbers[0]!))})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names in ARCHITECTURE.md only paths that exist', () => {
    const paths = architecturePaths(read('ARCHITECTURE.md'));
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it('links, in every Markdown file, only to files that exist', () => {
    const broken: string[] = [];
    for (const path of TEXT_FILES.filter((name) => name.endsWith('.md'))) {
      const folder = path.slice(0, path.lastIndexOf('/') + 1);
      for (const match of read(path).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1]!.replace(/#.*$/, '');
        if (!target || /^[a-z]+:/.test(target)) continue;
        const resolved = relative(ROOT, join(ROOT, folder, target))
          .split('\\')
          .join('/');
        if (!PATH_SET.has(resolved) && !PATH_SET.has(`${resolved}/`)) broken.push(`${path}: ${match[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('lists in decision 034 the module layers eslint.config.js enforces', () => {
    const lint = read('eslint.config.js');
    const block = /const layers = \[([\s\S]*?)\n {2}\];/.exec(lint)?.[1] ?? '';
    const enforced = [...block.matchAll(/^\s*\[([^\]]*)\]/gm)].map((match) =>
      [...match[1]!.matchAll(/'([a-z-]+)'/g)].map((name) => name[1]),
    );
    const record = read(`docs/decisions/${RECORDS.find((name) => name.startsWith('034-'))}`);
    const listed = [...record.matchAll(/^ {0,4}\d\. ((?:`[a-z-]+`(?:,\s*)?)+)/gm)].map((match) =>
      [...match[1]!.matchAll(/`([a-z-]+)`/g)].map((name) => name[1]),
    );
    expect(enforced.length).toBeGreaterThan(1);
    expect(listed).toEqual(enforced);
  });
});
