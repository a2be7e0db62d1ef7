import { IMAGE_IN_USE_CODE } from '@sms/contracts/gallery';
import type { Db } from '../../db/client.ts';
import type { Command } from '../../platform/audit.ts';
import { recordAudit } from '../../platform/audit.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { galleryThumbnail, insertBrandAssets, processGalleryImage } from '../brand/index.ts';
import {
  deleteGalleryImage,
  findGalleryImage,
  insertGalleryImage,
  lockGalleryImage,
  upsertGalleryAlt,
  type GalleryRow,
} from './gallery.queries.ts';

const found = (row: GalleryRow | undefined): GalleryRow => {
  if (!row) throw new NotFound('Image not found');
  return row;
};

/**
 * Adds an upload to the library: checked by its content and re-encoded exactly as a brand image
 * (modules/brand), stored content-addressed; the same picture uploaded again is the same image.
 * Answers the image and whether it is new.
 */
export async function uploadGalleryImage(
  db: Db,
  command: Command,
  input: { file: Buffer; fileName: string; alt: string },
): Promise<{ image: GalleryRow; created: boolean }> {
  const asset = await processGalleryImage(input.file);
  const thumbnail = await galleryThumbnail(asset);
  const fileName = input.fileName.slice(0, 200);
  const created = await db.transaction(async (tx) => {
    await insertBrandAssets(tx, thumbnail ? [asset, thumbnail] : [asset]);
    const isNew = await insertGalleryImage(tx, {
      assetId: asset.id,
      thumbAssetId: thumbnail?.id ?? null,
      alt: input.alt,
      fileName,
      uploadedBy: command.actor?.id ?? null,
    });
    if (isNew)
      await recordAudit(tx, {
        actor: command.actor,
        action: 'gallery.upload',
        subject: 'ArchivePost',
        subjectId: asset.id,
        ip: command.ip,
        details: { fileName, mime: asset.mime, width: asset.width, height: asset.height },
      });
    return isNew;
  });
  return { image: found(await findGalleryImage(db, asset.id)), created };
}

/** Changes an image's alt text. */
export async function updateGalleryImage(db: Db, command: Command, id: string, alt: string): Promise<GalleryRow> {
  await db.transaction(async (tx) => {
    await upsertGalleryAlt(tx, id, alt);
    await recordAudit(tx, {
      actor: command.actor,
      action: 'gallery.update',
      subject: 'ArchivePost',
      subjectId: id,
      ip: command.ip,
      details: { alt },
    });
  });
  return found(await findGalleryImage(db, id));
}

/** Deletes a library image; 409 IMAGE_IN_USE while a post or the brand uses it. */
export async function removeGalleryImage(db: Db, command: Command, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockGalleryImage(tx, id);
    const image = found(await findGalleryImage(tx, id));
    const places = [...image.brand_roles.map((role) => `the brand's ${role}`), ...image.posts.map((post) => `the post "${post.title}"`)];
    if (places.length > 0)
      throw new Conflict(`This image is in use (${places.join(', ')}): take it out of there first.`, { code: IMAGE_IN_USE_CODE });
    await deleteGalleryImage(tx, id);
    await recordAudit(tx, {
      actor: command.actor,
      action: 'gallery.delete',
      subject: 'ArchivePost',
      subjectId: id,
      ip: command.ip,
      details: { fileName: image.file_name },
    });
  });
}
