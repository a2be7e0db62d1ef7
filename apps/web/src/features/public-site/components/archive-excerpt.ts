import type { ArchiveEntry } from '@sms/contracts/public-archive';
import { parseMarkdown } from '@sms/contracts/markdown';

/** Characters of an entry's text a list shows. */
const EXCERPT_LENGTH = 240;

/** The start of an entry's text as plain words: a post's Markdown marks are left out. */
export function excerptOf(entry: Pick<ArchiveEntry, 'kind' | 'body'>): string {
  const text =
    entry.kind === 'post'
      ? parseMarkdown(entry.body)
          .flatMap((block) => (block.kind === 'list' ? block.items.flat() : block.inline))
          .map((part) => (part.kind === 'image' ? part.alt : part.text))
          .join(' ')
      : entry.body;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : flat;
}
