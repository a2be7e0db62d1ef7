import type { BrandImageRole } from '@sms/contracts/gallery';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** An image of the library with where it is used. */
export interface GalleryRow {
  id: string;
  mime: string;
  /** The grid thumbnail's id and type, or null (the image itself is small). */
  thumb_id: string | null;
  thumb_mime: string | null;
  width: number;
  height: number;
  bytes: number | string;
  source: 'gallery' | 'brand';
  alt: string;
  file_name: string;
  created_at: Date | string;
  brand_roles: BrandImageRole[];
  posts: Array<{ id: string; title: string }>;
}

/**
 * The library: every uploaded image, and the brand's images in use (logo, favicon, login
 * background), each with the brand roles it has and the posts whose text holds its id (its URL
 * is /api/brand-assets/<id>.<ext>, and the id is a sha256, so a post names it only by using it).
 */
function galleryItems(where: SQL): SQL {
  return sql`
    with brand_ids as (
      select r.id, r.role from brand_settings s
      cross join lateral (values (s.logo_asset_id, 'logo'), (s.favicon_asset_id, 'favicon'), (s.login_background_asset_id, 'loginBackground')) as r(id, role)
      where r.id is not null
    ),
    items as (
      select a.id, a.mime, a.width, a.height, octet_length(a.bytes) as bytes,
             case when g.asset_id is null then 'brand' else 'gallery' end as source,
             coalesce(g.alt, '') as alt, coalesce(g.file_name, '') as file_name, coalesce(g.created_at, a.created_at) as created_at,
             t.id as thumb_id, t.mime as thumb_mime
      from brand_assets a left join gallery_images g on g.asset_id = a.id
      left join brand_assets t on t.id = g.thumb_asset_id
      where g.asset_id is not null or a.id in (select id from brand_ids)
    )
    select i.*,
           coalesce((select json_agg(b.role order by b.role) from brand_ids b where b.id = i.id), '[]'::json) as brand_roles,
           coalesce((select json_agg(json_build_object('id', p.id, 'title', p.title) order by p.publish_at desc)
                     from archive_posts p where strpos(p.body, i.id) > 0), '[]'::json) as posts
    from items i where ${where}`;
}

/** A page of the library, newest first, and its size. */
export async function listGallery(db: Executor, page: { limit: number; skip: number }): Promise<{ rows: GalleryRow[]; total: number }> {
  const rows = await queryRows<GalleryRow>(
    db,
    sql`${galleryItems(sql`true`)} order by i.created_at desc, i.id limit ${page.limit} offset ${page.skip}`,
  );
  const [count] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from (${galleryItems(sql`true`)}) all_items`);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One image of the library, or undefined. */
export async function findGalleryImage(db: Executor, id: string): Promise<GalleryRow | undefined> {
  const [row] = await queryRows<GalleryRow>(db, sql`${galleryItems(sql`i.id = ${id}`)}`);
  return row;
}

/** Puts a stored asset in the library (an image already there keeps its row; answers whether it is new). */
export async function insertGalleryImage(
  tx: Executor,
  values: { assetId: string; thumbAssetId: string | null; alt: string; fileName: string; uploadedBy: string | null },
): Promise<boolean> {
  const rows = await queryRows<{ asset_id: string }>(
    tx,
    sql`insert into gallery_images (asset_id, thumb_asset_id, alt, file_name, uploaded_by)
        values (${values.assetId}, ${values.thumbAssetId}, ${values.alt}, ${values.fileName}, ${values.uploadedBy})
        on conflict (asset_id) do nothing returning asset_id`,
  );
  return rows.length > 0;
}

/** Sets an image's alt text (a brand image gets its library row here). */
export async function upsertGalleryAlt(tx: Executor, assetId: string, alt: string): Promise<void> {
  await tx.execute(sql`insert into gallery_images (asset_id, alt) values (${assetId}, ${alt})
    on conflict (asset_id) do update set alt = excluded.alt`);
}

/** Locks an image's library row for its deletion, so two deletes run one after the other. */
export async function lockGalleryImage(tx: Executor, assetId: string): Promise<void> {
  await tx.execute(sql`select asset_id from gallery_images where asset_id = ${assetId} for update`);
}

/** Takes an image out of the library, and its files (the image and its thumbnail) unless the brand uses them. */
export async function deleteGalleryImage(tx: Executor, assetId: string): Promise<void> {
  const [row] = await queryRows<{ thumb_asset_id: string | null }>(
    tx,
    sql`delete from gallery_images where asset_id = ${assetId} returning thumb_asset_id`,
  );
  const ids = [assetId, ...(row?.thumb_asset_id ? [row.thumb_asset_id] : [])];
  await tx.execute(sql`delete from brand_assets a where a.id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}) and not exists (
    select 1 from brand_settings s where a.id in (s.logo_asset_id, s.favicon_asset_id, s.favicon_32_asset_id, s.favicon_180_asset_id, s.login_background_asset_id))
    and not exists (select 1 from gallery_images g where a.id in (g.asset_id, g.thumb_asset_id))`);
}
