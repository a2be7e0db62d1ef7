import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/helper.ts';
import { queryRows } from '../../db/client.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Posts a file as multipart/form-data in `field`. */
async function upload(path: string, token: string, file: Buffer, field = 'avatar', type = 'image/png') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file)], { type }), 'picture');
  const response = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { user?: { avatarUrl: string | null } } };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();

describe('PUT /api/users/me/preferences', () => {
  it('saves language and display choices to the account, merging with earlier ones', async () => {
    const account = await server.createUser('viewer');
    const first = await server.put('/api/users/me/preferences', { locale: 'ar', direction: 'rtl', mode: 'dark' }, { token: account.token });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ locale: 'ar', preferences: { direction: 'rtl', mode: 'dark', colorTheme: null } });
    const second = await server.put('/api/users/me/preferences', { colorTheme: 'GREEN_THEME' }, { token: account.token });
    expect(second.body.user.preferences).toEqual({ direction: 'rtl', mode: 'dark', colorTheme: 'GREEN_THEME' });
    // Applied at the next sign-in: the login answer carries them.
    const login = await server.post('/api/users/login', { email: account.user.email, password: TEST_PASSWORD });
    expect(login.body.user).toMatchObject({ locale: 'ar', preferences: { direction: 'rtl', mode: 'dark', colorTheme: 'GREEN_THEME' } });
    const cleared = await server.put('/api/users/me/preferences', { mode: null }, { token: account.token });
    expect(cleared.body.user.preferences.mode).toBeNull();
  });

  it("keeps the dashboard's getting-started list hidden for the user who hid it, and for no one else", async () => {
    const account = await server.createUser('manager');
    const colleague = await server.createUser('manager');
    const hidden = await server.put('/api/users/me/preferences', { gettingStartedDismissed: true }, { token: account.token });
    expect(hidden.status).toBe(200);
    expect(hidden.body.user.preferences).toMatchObject({ gettingStartedDismissed: true });
    // Other choices saved later keep it (a merge), and the next sign-in carries it.
    await server.put('/api/users/me/preferences', { mode: 'dark' }, { token: account.token });
    const login = await server.post('/api/users/login', { email: account.user.email, password: TEST_PASSWORD });
    expect(login.body.user.preferences).toEqual({ direction: null, mode: 'dark', colorTheme: null, gettingStartedDismissed: true });
    const other = await server.get('/api/users/me', { token: colleague.token });
    expect(other.body.user.preferences).not.toHaveProperty('gettingStartedDismissed');
    const bad = await server.put('/api/users/me/preferences', { gettingStartedDismissed: 'yes' }, { token: account.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'gettingStartedDismissed' });
  });

  it('refuses unknown values with the field named, and needs a session', async () => {
    const account = await server.createUser('viewer');
    const bad = await server.put('/api/users/me/preferences', { colorTheme: 'PINK_THEME' }, { token: account.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'colorTheme' });
    expect((await server.put('/api/users/me/preferences', { mode: 'sepia' }, { token: account.token })).body.field).toBe('mode');
    expect((await server.put('/api/users/me/preferences', { locale: 'de' }, { token: account.token })).body.field).toBe('locale');
    expect((await server.put('/api/users/me/preferences', { mode: 'dark' })).status).toBe(401);
  });
});

describe('profile pictures', () => {
  it('stores an upload as a 256 x 256 WebP served publicly, and removes it', async () => {
    const account = await server.createUser('agent');
    const uploaded = await upload('/api/users/me/avatar', account.token, await photo(800, 500));
    expect(uploaded.status).toBe(200);
    const url = uploaded.body.user?.avatarUrl ?? '';
    expect(url).toMatch(/^\/api\/avatars\/[0-9a-f]{64}\.webp$/);
    const image = await fetch(`${server.baseUrl}${url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const cached = await fetch(`${server.baseUrl}${url}`, { headers: { 'if-none-match': image.headers.get('etag') ?? '' } });
    expect(cached.status).toBe(304);

    const removed = await server.delete('/api/users/me/avatar', { token: account.token });
    expect(removed.body.user.avatarUrl).toBeNull();
    expect((await fetch(`${server.baseUrl}${url}`)).status).toBe(404);
    expect(await queryRows(server.database.db, sql`select id from user_avatars`)).toEqual([]);
  });

  it('refuses what is not a picture, too large files and missing files', async () => {
    const account = await server.createUser('agent');
    const text = await upload('/api/users/me/avatar', account.token, Buffer.from('just some text, not an image'), 'avatar', 'image/png');
    expect(text.status).toBe(415);
    expect(text.body).toMatchObject({ field: 'avatar' });
    const huge = await upload('/api/users/me/avatar', account.token, Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(huge.status).toBe(413);
    const wrongField = await upload('/api/users/me/avatar', account.token, await photo(10, 10), 'picture');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ field: 'avatar', message: 'avatar is required' });
    const json = await server.post('/api/users/me/avatar', { avatar: 'x' }, { token: account.token });
    expect(json.status).toBe(415);
    expect((await server.get('/api/avatars/not-a-hash.webp')).status).toBe(400);
  });
});
