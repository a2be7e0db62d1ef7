import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { fetchBytes, upload } from '../../../test/upload.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely; assertions check them */

const MISSING = 'a'.repeat(64);
const image = (format: 'png' | 'jpeg' | 'webp', width = 120, height = 60, background = '#2BD1EE') => {
  const canvas = sharp({ create: { width, height, channels: format === 'jpeg' ? 3 : 4, background } });
  return canvas[format]().toBuffer();
};

describe('media library API', () => {
  let server: TestServer;
  let admin: TestAccount;
  let manager: TestAccount;
  let agent: TestAccount;
  let viewer: TestAccount;

  const send = (bytes: Buffer, options: { token?: string; filename?: string; type?: string; alt?: string; field?: string } = {}) =>
    upload<any>(server, '/api/gallery', {
      ...(options.token === '' ? {} : { token: options.token ?? manager.token }),
      files: [{ field: options.field ?? 'image', bytes, filename: options.filename ?? 'photo.png', type: options.type ?? 'image/png' }],
      ...(options.alt === undefined ? {} : { fields: { alt: options.alt } }),
    });

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
    manager = await server.createUser('manager');
    agent = await server.createUser('agent');
    viewer = await server.createUser('viewer');
  });
  afterAll(() => server?.close());

  it('refuses strangers (401) and roles that do not manage posts (403)', async () => {
    const png = await image('png');
    expect((await server.get('/api/gallery')).status).toBe(401);
    expect((await send(png, { token: '' })).status).toBe(401);
    expect((await server.get(`/api/gallery/${MISSING}`)).status).toBe(401);
    expect((await server.request('PATCH', `/api/gallery/${MISSING}`, { body: { alt: 'x' } })).status).toBe(401);
    expect((await server.delete(`/api/gallery/${MISSING}`)).status).toBe(401);
    for (const account of [agent, viewer]) {
      expect((await server.get('/api/gallery', { token: account.token })).status).toBe(403);
      expect((await send(png, { token: account.token })).status).toBe(403);
    }
    const stored = await send(png);
    expect(stored.status).toBe(201);
    const id = stored.body.image.id;
    expect((await server.get(`/api/gallery/${id}`, { token: agent.token })).status).toBe(403);
    expect((await server.request('PATCH', `/api/gallery/${id}`, { token: viewer.token, body: { alt: 'x' } })).status).toBe(403);
    expect((await server.delete(`/api/gallery/${id}`, { token: agent.token })).status).toBe(403);
  });

  it('answers 400 naming the field and 404 for an unknown image', async () => {
    expect((await server.get('/api/gallery/nope', { token: manager.token })).body.field).toBe('id');
    expect((await server.get('/api/gallery?limit=0', { token: manager.token })).body.field).toBe('limit');
    expect((await server.get(`/api/gallery/${MISSING}`, { token: manager.token })).status).toBe(404);
    expect((await server.request('PATCH', `/api/gallery/${MISSING}`, { token: manager.token, body: { alt: 'x' } })).status).toBe(404);
    expect((await server.delete(`/api/gallery/${MISSING}`, { token: manager.token })).status).toBe(404);
    const stored = (await send(await image('png', 30, 30))).body.image;
    const long = await server.request('PATCH', `/api/gallery/${stored.id}`, { token: manager.token, body: { alt: 'x'.repeat(301) } });
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('alt');
    const missingFile = await upload<any>(server, '/api/gallery', { token: manager.token, fields: { alt: 'no file' } });
    expect(missingFile.status).toBe(400);
    expect(missingFile.body.field).toBe('image');
    const json = await server.post('/api/gallery', { image: 'x' }, { token: manager.token });
    expect(json.status).toBe(415);
    expect(json.body.field).toBe('image');
    const nul = await send(await image('png'), { alt: 'a\u0000b' });
    expect(nul.status).toBe(400);
    expect(nul.body.field).toBe('alt');
    const longAlt = await send(await image('png'), { alt: 'y'.repeat(301) });
    expect(longAlt.status).toBe(400);
    expect(longAlt.body.field).toBe('alt');
  });

  it('judges uploads by their content: a PNG named .jpg is stored as PNG, a text file named .png is refused', async () => {
    const png = await image('png', 80, 40, '#ff0000');
    const renamed = await send(png, { filename: 'holiday.jpg', type: 'image/jpeg', alt: 'A red square' });
    expect(renamed.status).toBe(201);
    expect(renamed.body.image).toMatchObject({
      mime: 'image/png',
      width: 80,
      height: 40,
      alt: 'A red square',
      fileName: 'holiday.jpg',
      source: 'gallery',
    });
    expect(renamed.body.image.path).toBe(`/api/brand-assets/${renamed.body.image.id}.png`);
    // Small already: the image is its own thumbnail.
    expect(renamed.body.image.thumbnailPath).toBe(renamed.body.image.path);
    const text = await send(Buffer.from('just some text, not an image\n'), { filename: 'notes.png', type: 'image/png' });
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', field: 'image' });
    const svg = await send(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), { filename: 'logo.svg' });
    expect(svg.status).toBe(415);
    const damaged = await send(Buffer.concat([png.subarray(0, 60)]), { filename: 'cut.png' });
    expect(damaged.status).toBe(422);
    expect(damaged.body.code).toBe('INVALID_IMAGE');
    const big = await send(Buffer.alloc(5 * 1024 * 1024 + 10, 1), { filename: 'big.png' });
    expect(big.status).toBe(413);
  });

  it('re-encodes (metadata stripped, scaled to the limits) and serves with caching headers like brand images', async () => {
    const withExif = await sharp({ create: { width: 5000, height: 1000, channels: 3, background: '#00ff00' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .toBuffer();
    const stored = await send(withExif, { filename: 'wide.jpg', type: 'image/jpeg' });
    expect(stored.status).toBe(201);
    expect(stored.body.image).toMatchObject({ mime: 'image/jpeg', width: 3840, height: 768 });
    const served = await fetchBytes(server, stored.body.image.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('etag')).toBe(`"${stored.body.image.id}"`);
    expect(served.bytes.includes(Buffer.from('secret-owner'))).toBe(false);
    // The grid's thumbnail: a small WebP, cached the same way.
    expect(stored.body.image.thumbnailPath).toMatch(/^\/api\/brand-assets\/[0-9a-f]{64}\.webp$/);
    const thumbnail = await fetchBytes(server, stored.body.image.thumbnailPath);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 96 });
    // The same picture again is the same image (200, not a second copy).
    const again = await send(withExif, { filename: 'copy.jpg', type: 'image/jpeg' });
    expect(again.status).toBe(200);
    expect(again.body.image.id).toBe(stored.body.image.id);
  });

  it('lists images with where each is used, and refuses to delete one a post uses (409 IMAGE_IN_USE)', async () => {
    const stored = (await send(await image('webp', 640, 640, '#123456'), { filename: 'post.webp', type: 'image/webp', alt: 'Team photo' }))
      .body.image;
    expect(stored.thumbnailPath).not.toBe(stored.path);
    const post = await server.post(
      '/api/public-site/posts',
      { title: 'Our team', body: `Hello\n\n![Team photo](${stored.path})`, publishAt: new Date().toISOString() },
      { token: manager.token },
    );
    expect(post.status).toBe(201);
    const postId = post.body.post?.id ?? post.body.id;
    const one = await server.get(`/api/gallery/${stored.id}`, { token: manager.token });
    expect(one.body.image.usedBy).toEqual({ brand: [], posts: [{ id: postId, title: 'Our team' }] });
    const list = await server.get('/api/gallery?limit=100', { token: admin.token });
    expect(list.body.data.find((item: any) => item.id === stored.id)?.usedBy.posts).toHaveLength(1);
    const refused = await server.delete(`/api/gallery/${stored.id}`, { token: manager.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('IMAGE_IN_USE');
    expect(refused.body.message).toContain('Our team');
    expect((await fetchBytes(server, stored.path)).status).toBe(200);
    // Once the post no longer shows it, it can go, and its file with it.
    expect(
      (await server.request('PATCH', `/api/public-site/posts/${postId}`, { token: manager.token, body: { body: 'Hello' } })).status,
    ).toBe(200);
    expect((await server.delete(`/api/gallery/${stored.id}`, { token: manager.token })).status).toBe(204);
    expect((await server.get(`/api/gallery/${stored.id}`, { token: manager.token })).status).toBe(404);
    expect((await fetchBytes(server, stored.path)).status).toBe(404);
    expect((await fetchBytes(server, stored.thumbnailPath)).status).toBe(404);
    const audit = await queryRows<{ action: string }>(
      server.database.db,
      sql`select action from audit_log where subject_id = ${stored.id} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['gallery.upload', 'gallery.delete']);
  });

  it("shows the brand's images as used by the brand, refuses their deletion, and keeps library images through brand changes", async () => {
    const logo = await upload<any>(server, '/api/brand-settings/logo', {
      token: admin.token,
      files: [{ field: 'logo', bytes: await image('png', 200, 80, '#abcdef'), filename: 'logo.png' }],
    });
    expect(logo.status).toBe(200);
    const logoId = /([0-9a-f]{64})/.exec(logo.body.logoPath)?.[1];
    const library = (await send(await image('png', 50, 50, '#fedcba'))).body.image;
    const item = (await server.get(`/api/gallery/${logoId}`, { token: manager.token })).body.image;
    expect(item).toMatchObject({ source: 'brand', usedBy: { brand: ['logo'], posts: [] } });
    const refused = await server.delete(`/api/gallery/${logoId}`, { token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('IMAGE_IN_USE');
    const large = (await send(await image('jpeg', 1200, 900, '#445566'), { filename: 'large.jpg', type: 'image/jpeg' })).body.image;
    // The brand's clean-up (a reset) leaves the library's images and thumbnails alone.
    expect((await server.post('/api/brand-settings/reset', {}, { token: admin.token })).status).toBe(200);
    expect((await server.get(`/api/gallery/${library.id}`, { token: manager.token })).status).toBe(200);
    expect((await fetchBytes(server, large.thumbnailPath)).status).toBe(200);
    expect((await server.get(`/api/gallery/${logoId}`, { token: manager.token })).status).toBe(404);
  });

  it('changes the alt text', async () => {
    const stored = (await send(await image('png', 20, 20, '#111111'))).body.image;
    const changed = await server.request('PATCH', `/api/gallery/${stored.id}`, {
      token: manager.token,
      body: { alt: '  A black square ' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.image.alt).toBe('A black square');
  });
});
