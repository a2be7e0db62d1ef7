import { renderForArchive, type ArchiveEntry, type ArchivePost, type CampaignArchive } from '@sms/contracts/public-archive';
import type { ArchivePostRow } from './archive-posts.queries.ts';
import type { ArchiveEntryRow, CampaignArchiveRow } from './archive.queries.ts';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * An archive entry as visitors see it. A campaign's body is rendered for nobody: each merge field
 * becomes its fallback, so no recipient's value can ever show.
 */
export function presentArchiveEntry(row: ArchiveEntryRow): ArchiveEntry {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.kind === 'campaign' ? renderForArchive(row.body) : row.body,
    publishedAt: iso(row.published_at),
  };
}

/** A staff post as staff see it. */
export function presentArchivePost(row: ArchivePostRow): ArchivePost {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    publishAt: iso(row.publish_at),
    authorName: row.author_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A campaign's archive state. */
export function presentCampaignArchive(row: CampaignArchiveRow): CampaignArchive {
  return {
    published: row.archive_published_at !== null,
    publishedAt: row.archive_published_at === null ? null : iso(row.archive_published_at),
    publishedBy: row.published_by_name,
  };
}
