import { BRAND_FONTS } from '@sms/contracts/brand';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { upload } from '../../../test/upload.ts';
import { auditLog } from '../../db/schema.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let agent: TestAccount;
let viewer: TestAccount;

/** Spec sections 1, 3 and 9, written out (not imported) so a changed constant fails here. */
const DEFAULTS = {
  logoPath: null,
  faviconPath: null,
  loginBackgroundPath: null,
  logoUrl: null,
  faviconUrl: null,
  faviconUrls: null,
  loginBackgroundUrl: null,
  logoWidth: 180,
  logoHeight: 70,
  primaryColor: '#041E42',
  secondaryColor: '#2BD1EE',
  accentColor: '#46ECB0',
  appName: 'SMS Management System',
  description: 'Professional SMS and communication management platform',
  fontFamily: 'Inter',
};

const WIDTH_MESSAGE = 'Logo width must be between 50 and 500 pixels';
const HEIGHT_MESSAGE = 'Logo height must be between 30 and 200 pixels';
const COLOR_MESSAGE = 'Invalid color format. Use hex format (#RRGGBB)';

const put = (body: unknown, token = admin.token) => server.put('/api/brand-settings', body, { token });
const reset = () => server.post('/api/brand-settings/reset', undefined, { token: admin.token });

/** Audit entries of one action, newest first. */
const auditEntries = (action: string) =>
  server.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  agent = await server.createUser('agent');
  viewer = await server.createUser('viewer');
});
afterAll(() => server?.close());
beforeEach(async () => {
  expect((await reset()).status).toBe(200);
});

describe('GET /api/brand-settings', () => {
  it('answers the spec defaults without a session', async () => {
    const response = await server.get('/api/brand-settings');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(DEFAULTS);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{43}"$/);
  });

  it('answers 304 for a matching If-None-Match and 200 again once the brand changes', async () => {
    const first = await server.get('/api/brand-settings');
    const etag = first.headers.get('etag') as string;
    const again = await server.get('/api/brand-settings', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await server.get('/api/brand-settings', { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);

    await put({ appName: 'Changed' });
    const changed = await server.get('/api/brand-settings', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.appName).toBe('Changed');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('ignores a token, even an invalid one (public route)', async () => {
    const response = await server.get('/api/brand-settings', { headers: { authorization: 'Bearer not-a-token' } });
    expect(response.status).toBe(200);
  });
});

describe('PUT /api/brand-settings validation', () => {
  /** Sends one field and expects a 400 naming it with the exact message. */
  const refused = async (field: string, value: unknown, message: string) => {
    const response = await put({ [field]: value });
    expect(response.status, `${field}=${JSON.stringify(value)}`).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
  };
  const accepted = async (field: string, value: unknown) => {
    const response = await put({ [field]: value });
    expect(response.status, `${field}=${JSON.stringify(value)}`).toBe(200);
    expect(response.body).toEqual({ [field]: value });
  };

  it('takes logo widths 50 to 500, whole numbers only', async () => {
    for (const value of [50, 500, 181]) await accepted('logoWidth', value);
    for (const value of [49, 501, 50.5, 0, '100', null, true]) await refused('logoWidth', value, WIDTH_MESSAGE);
  });

  it('takes logo heights 30 to 200, whole numbers only', async () => {
    for (const value of [30, 200, 71]) await accepted('logoHeight', value);
    for (const value of [29, 201, 30.5, '70']) await refused('logoHeight', value, HEIGHT_MESSAGE);
  });

  it('takes colours as #RRGGBB or #RGB', async () => {
    for (const field of ['primaryColor', 'secondaryColor', 'accentColor']) {
      for (const value of ['#abc', '#A1B2C3', '#000000']) await accepted(field, value);
      for (const value of ['#abcd', 'abc', '#GGGGGG', 'red', '#12345', '', 123]) await refused(field, value, COLOR_MESSAGE);
    }
  });

  it('takes an app name of 1 to 80 characters and a description of up to 300', async () => {
    await accepted('appName', 'a'.repeat(80));
    await refused('appName', '', 'App name is required');
    await refused('appName', '   ', 'App name is required');
    await refused('appName', 'a'.repeat(81), 'App name must be at most 80 characters');
    await accepted('description', 'd'.repeat(300));
    await accepted('description', '');
    await refused('description', 'd'.repeat(301), 'Description must be at most 300 characters');
    const trimmed = await put({ appName: '  Acme  ' });
    expect(trimmed.body).toEqual({ appName: 'Acme' });
  });

  it('takes fonts from the allow-list only', async () => {
    await accepted('fontFamily', 'Plus Jakarta Sans');
    await accepted('fontFamily', 'system-ui');
    await refused('fontFamily', 'Comic Sans MS', `Font family must be one of ${BRAND_FONTS.join(', ')}`);
    await refused('fontFamily', 'Inter; } body { display:none', `Font family must be one of ${BRAND_FONTS.join(', ')}`);
  });

  it('takes asset paths as null only', async () => {
    const response = await put({ logoPath: '/etc/passwd' });
    expect(response.status).toBe(400);
    expect(response.body.field).toBe('logoPath');
    expect(response.body.message).toMatch(/^logoPath can only be null/);
  });

  it('refuses an empty payload, unknown fields only, or no body', async () => {
    for (const body of [{}, { colour: '#fff' }, [], 'null']) {
      const response = await put(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await put({})).body.message).toBe('body: Send at least one brand setting to change');
    expect((await server.request('PUT', '/api/brand-settings', { token: admin.token })).status).toBe(400);
  });
});

describe('PUT /api/brand-settings answers', () => {
  it('answers only the updated fields, unknown ones stripped, and GET shows the change', async () => {
    const response = await put({ primaryColor: '#123456', appName: 'Acme SMS', logoUrl: 'https://evil.test/x.png', extra: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ primaryColor: '#123456', appName: 'Acme SMS' });
    const settings = (await server.get('/api/brand-settings')).body;
    expect(settings).toEqual({ ...DEFAULTS, primaryColor: '#123456', appName: 'Acme SMS' });
  });

  it('answers removed asset paths with their URL fields', async () => {
    const response = await put({ logoPath: null, faviconPath: null, loginBackgroundPath: null });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      logoPath: null,
      logoUrl: null,
      faviconPath: null,
      faviconUrl: null,
      faviconUrls: null,
      loginBackgroundPath: null,
      loginBackgroundUrl: null,
    });
  });

  it('audits changes with old and new values, and records nothing when nothing changes', async () => {
    const before = (await auditEntries('brand.update')).length;
    const response = await put({ accentColor: '#FF0000', logoWidth: 200, appName: DEFAULTS.appName }, admin.token);
    expect(response.status).toBe(200);
    const entries = await auditEntries('brand.update');
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      subject: 'Brand',
      ip: '127.0.0.1',
      details: {
        fields: ['logoWidth', 'accentColor'],
        changes: { logoWidth: { from: 180, to: 200 }, accentColor: { from: '#46ECB0', to: '#FF0000' } },
      },
    });
    await put({ accentColor: '#FF0000' });
    expect(await auditEntries('brand.update')).toHaveLength(before + 1);
  });
});

describe('POST /api/brand-settings/reset', () => {
  it('answers the full defaults, removes the assets, and GET agrees', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const logo = await upload<{ logoPath: string }>(server, '/api/brand-settings/logo', {
      token: admin.token,
      files: [{ field: 'logo', bytes: png, filename: 'a.png' }],
    });
    expect(logo.status).toBe(200);
    await put({ primaryColor: '#111111', fontFamily: 'Georgia', logoHeight: 100 });

    const response = await reset();
    expect(response.status).toBe(200);
    expect(response.body).toEqual(DEFAULTS);
    expect((await server.get('/api/brand-settings')).body).toEqual(DEFAULTS);
    expect((await server.get(logo.body.logoPath)).status).toBe(404);
    const [entry] = await auditEntries('brand.reset');
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      details: { previous: { primaryColor: '#111111', fontFamily: 'Georgia', logoHeight: 100 } },
    });
    expect((entry?.details as { removedAssets: string[] }).removedAssets).toContain(
      logo.body.logoPath.slice('/api/brand-assets/'.length, -'.png'.length),
    );
  });
});

describe('brand permissions', () => {
  const writes: Array<[string, (token?: string) => Promise<{ status: number; body: { code?: string } }>]> = [
    ['PUT /api/brand-settings', (token) => server.put('/api/brand-settings', { appName: 'Mine' }, token ? { token } : {})],
    ['POST /api/brand-settings/reset', (token) => server.post('/api/brand-settings/reset', undefined, token ? { token } : {})],
    ...(['logo', 'favicon', 'login-background'] as const).map(
      (route): [string, (token?: string) => Promise<{ status: number; body: { code?: string } }>] => [
        `POST /api/brand-settings/${route}`,
        async (token) => {
          const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#00ff00' } })
            .png()
            .toBuffer();
          const field = route === 'login-background' ? 'loginBackground' : route;
          return upload(server, `/api/brand-settings/${route}`, {
            files: [{ field, bytes: png, filename: 'x.png', type: 'image/png' }],
            ...(token ? { token } : {}),
          });
        },
      ],
    ),
  ];

  it('answers 401 without a session on every write', async () => {
    for (const [name, call] of writes) {
      const response = await call();
      expect(response.status, name).toBe(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 403 to managers, agents and viewers on every write, changing nothing', async () => {
    for (const [name, call] of writes) {
      for (const account of [manager, agent, viewer]) {
        const response = await call(account.token);
        expect(response.status, `${name} as ${account.user.role}`).toBe(403);
        expect(response.body).toMatchObject({ code: 'FORBIDDEN', message: 'Only administrators can change the brand settings.' });
      }
    }
    expect((await server.get('/api/brand-settings')).body).toEqual(DEFAULTS);
  });

  it('lets admins do every write', async () => {
    for (const [name, call] of writes) expect((await call(admin.token)).status, name).toBe(200);
  });

  it('lets every role read', async () => {
    for (const account of [admin, manager, agent, viewer]) {
      expect((await server.get('/api/brand-settings', { token: account.token })).status).toBe(200);
    }
  });
});

describe('OpenAPI', () => {
  it('documents the brand routes, uploads as multipart forms', async () => {
    const response = await server.get('/api/docs/json');
    expect(response.status).toBe(200);
    const paths = response.body.paths as Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>
    >;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/brand-settings',
        '/api/brand-settings/logo',
        '/api/brand-settings/favicon',
        '/api/brand-settings/login-background',
        '/api/brand-settings/reset',
        '/api/brand-assets/{hash}.{ext}',
      ]),
    );
    expect(Object.keys(paths['/api/brand-settings'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
    const form = paths['/api/brand-settings/logo']?.post?.requestBody?.content['multipart/form-data'];
    expect(Object.keys(form?.schema.properties ?? {})).toEqual(['logo', 'logoWidth', 'logoHeight']);
  });
});
