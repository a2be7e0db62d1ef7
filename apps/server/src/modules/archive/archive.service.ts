import {
  fieldsWithoutFallback,
  MERGE_FIELD_WITHOUT_FALLBACK_CODE,
  withoutFallbackMessage,
  type CreateArchivePostBody,
  type UpdateArchivePostBody,
} from '@sms/contracts/public-archive';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { deleteArchivePost, insertArchivePost, updateArchivePost } from './archive-posts.queries.ts';
import { findCampaignArchive, setCampaignArchive, type CampaignArchiveRow } from './archive.queries.ts';

/**
 * Publishes a campaign to the public archive or takes it off, audited. Publishing refuses (409,
 * naming the fields) a body with a merge field that has no fallback: the archive shows the
 * message rendered for nobody, never with a recipient's value.
 */
export async function setCampaignPublished(
  db: Db,
  command: Command & { campaignId: string; published: boolean },
): Promise<CampaignArchiveRow> {
  const { actor, ip, campaignId, published } = command;
  return db.transaction(async (tx) => {
    const campaign = await findCampaignArchive(tx, campaignId, true);
    if (!campaign) throw new NotFound('Campaign not found');
    if (published) {
      const missing = fieldsWithoutFallback(campaign.body);
      if (missing.length > 0)
        throw new Conflict(withoutFallbackMessage(missing), { code: MERGE_FIELD_WITHOUT_FALLBACK_CODE, field: 'body' });
    }
    const wasPublished = campaign.archive_published_at !== null;
    if (wasPublished !== published) {
      await setCampaignArchive(tx, campaignId, actor.id, published);
      await recordAudit(tx, {
        actor,
        action: published ? 'campaign.archive_publish' : 'campaign.archive_unpublish',
        subject: 'Campaign',
        subjectId: campaignId,
        ip,
        details: { name: campaign.name },
      });
    }
    const after = await findCampaignArchive(tx, campaignId);
    if (!after) throw new NotFound('Campaign not found');
    return after;
  });
}

/** Writes a new archive post, audited; answers its id. */
export async function createArchivePost(db: Db, command: Command & { post: CreateArchivePostBody }): Promise<string> {
  return db.transaction(async (tx) => {
    const id = await insertArchivePost(tx, { ...command.post, authorId: command.actor.id });
    await recordAudit(tx, {
      actor: command.actor,
      action: 'archive_post.create',
      subject: 'ArchivePost',
      subjectId: id,
      ip: command.ip,
      details: { title: command.post.title, publishAt: command.post.publishAt },
    });
    return id;
  });
}

/** Changes an archive post, audited (404 when it does not exist). */
export async function editArchivePost(db: Db, command: Command & { id: string; changes: UpdateArchivePostBody }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await updateArchivePost(tx, command.id, command.changes))) throw new NotFound('Post not found');
    await recordAudit(tx, {
      actor: command.actor,
      action: 'archive_post.update',
      subject: 'ArchivePost',
      subjectId: command.id,
      ip: command.ip,
      details: { changes: Object.keys(command.changes) },
    });
  });
}

/** Deletes an archive post, audited (404 when it does not exist). */
export async function removeArchivePost(db: Db, command: Command & { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteArchivePost(tx, command.id))) throw new NotFound('Post not found');
    await recordAudit(tx, {
      actor: command.actor,
      action: 'archive_post.delete',
      subject: 'ArchivePost',
      subjectId: command.id,
      ip: command.ip,
    });
  });
}
