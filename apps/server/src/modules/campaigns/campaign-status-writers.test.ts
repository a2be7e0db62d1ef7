import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { insertCampaign, updateCampaignRow } from './campaigns.queries.ts';

// Campaign statuses change only through the state machine (docs/CONVENTIONS.md, code rule 9):
// these checks read the server's source and fail on any other statement that writes the column.

const SERVER_SRC = fileURLToPath(new URL('../../', import.meta.url));
const STATE_MACHINE = 'modules/campaigns/campaign-state.ts';

/** Every non-test TypeScript file of the server, as paths relative to src/. */
function sourceFiles(dir = SERVER_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(SERVER_SRC, path)] : [];
  });
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

// `update campaigns [alias] set <assignments>`, the assignments up to where/from/returning or the
// end of the template literal.
const UPDATE_CAMPAIGNS = /update\s+campaigns\b(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\s+([\s\S]*?)(?=\bwhere\b|\bfrom\b|\breturning\b|`)/gi;
// An assignment to `status` itself (not status_reason and the like).
const ASSIGNS_STATUS = /(?:^|[\s,(])status\s*=/i;

/** Every `update campaigns` statement in `text`: where it is, and whether it assigns the status. */
function campaignUpdates(file: string, text: string): Array<{ at: string; writesStatus: boolean }> {
  return [...text.matchAll(UPDATE_CAMPAIGNS)].map((match) => ({
    at: `${file}:${lineOf(text, match.index)}`,
    writesStatus: ASSIGNS_STATUS.test(match[1] ?? ''),
  }));
}

/** `file:line` of every SQL statement in `text` that assigns campaigns.status. */
const sqlStatusWrites = (file: string, text: string) =>
  campaignUpdates(file, text)
    .filter((update) => update.writesStatus)
    .map((update) => update.at);

describe('campaign status writers', () => {
  it('recognises a status assignment and leaves other campaign columns alone', () => {
    expect(sqlStatusWrites('a.ts', "sql`update campaigns set status = 'sending', updated_at = now() where id = ${id}`")).toEqual([
      'a.ts:1',
    ]);
    expect(sqlStatusWrites('a.ts', "sql`update campaigns c\n  set updated_at = now(), status='completed'\n  where c.id = ${id}`")).toEqual([
      'a.ts:1',
    ]);
    expect(sqlStatusWrites('a.ts', 'sql`update campaigns set status_reason = ${reason} where status = ${status}`')).toEqual([]);
    expect(sqlStatusWrites('a.ts', "sql`update messages m set status = 'queued' from campaigns c where c.status = 'sending'`")).toEqual([]);
  });

  it('finds no SQL outside the state machine that writes campaigns.status', () => {
    const files = sourceFiles();
    expect(files).toContain(STATE_MACHINE);
    const updates = files
      .filter((file) => file !== STATE_MACHINE)
      .flatMap((file) => campaignUpdates(file, readFileSync(join(SERVER_SRC, file), 'utf8')));
    // The engine updates other campaign columns (fan-out cursor, status reason): the scan sees them.
    expect(updates.length).toBeGreaterThan(0);
    expect(updates.filter((update) => update.writesStatus).map((update) => update.at)).toEqual([]);
  });

  it('leaves the query builder one update of campaigns, whose patch cannot carry a status', () => {
    const builderUpdates = sourceFiles().filter((file) => /\.update\(campaigns\)/.test(readFileSync(join(SERVER_SRC, file), 'utf8')));
    expect(builderUpdates).toEqual(['modules/campaigns/campaigns.queries.ts']);
    // Checked by the type checker (npm run typecheck): a status in these patches does not compile.
    expectTypeOf<Parameters<typeof updateCampaignRow>[2]>().not.toHaveProperty('status');
    expectTypeOf<Parameters<typeof insertCampaign>[1]>().not.toHaveProperty('status');
  });
});
