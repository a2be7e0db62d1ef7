import { createHash } from 'node:crypto';
import { desc, eq, like } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';
import { fetchBytes, upload, type UploadFile } from '../../../test/upload.ts';
import { auditLog, brandAssets } from '../../db/schema.ts';

let server: TestServer;
let admin: TestAccount;

const ASSET_PATH = /^\/api\/brand-assets\/([0-9a-f]{64})\.(png|jpg|webp|svg|ico)$/;
const MB = 1024 * 1024;

/** A solid test image in the given format. */
const image = (format: 'png' | 'jpeg' | 'webp', width = 120, height = 60) => {
  const canvas = sharp({ create: { width, height, channels: format === 'jpeg' ? 3 : 4, background: '#2BD1EE' } });
  return canvas[format]().toBuffer();
};

/** A minimal valid ICO: ICONDIR + one entry whose image is an embedded PNG. */
function icoWithPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size % 256, 6);
  header.writeUInt8(size % 256, 7);
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, png]);
}

/** An ICO holding a classic 32-bit bitmap (BITMAPINFOHEADER + BGRA rows bottom-up + AND mask). */
function icoWithBitmap(size: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let at = 0; at < pixels.length; at += 4) pixels.set([0x42, 0x1e, 0x04, 0xff], at); // #041E42, opaque
  const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size);
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(size, 4);
  info.writeInt32LE(size * 2, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  const dib = Buffer.concat([info, pixels, mask]);
  const ico = icoWithPng(dib, size);
  return ico;
}

const post = (path: string, file: UploadFile | undefined, fields?: Record<string, string>) =>
  upload<Record<string, unknown>>(server, path, { token: admin.token, ...(file ? { files: [file] } : {}), ...(fields ? { fields } : {}) });
const postLogo = (bytes: Buffer, extra: Partial<UploadFile> = {}, fields?: Record<string, string>) =>
  post('/api/brand-settings/logo', { field: 'logo', bytes, filename: 'logo.png', type: 'image/png', ...extra }, fields);
const postFavicon = (bytes: Buffer, extra: Partial<UploadFile> = {}) =>
  post('/api/brand-settings/favicon', { field: 'favicon', bytes, filename: 'favicon.ico', ...extra });
const postBackground = (bytes: Buffer, extra: Partial<UploadFile> = {}) =>
  post('/api/brand-settings/login-background', { field: 'loginBackground', bytes, filename: 'bg.jpg', type: 'image/jpeg', ...extra });

/** Fetches a served asset and checks it is the content its URL names. */
async function served(path: unknown) {
  expect(path).toMatch(ASSET_PATH);
  const response = await fetchBytes(server, path as string);
  expect(response.status).toBe(200);
  const hash = ASSET_PATH.exec(path as string)?.[1];
  expect(createHash('sha256').update(response.bytes).digest('hex')).toBe(hash);
  return response;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
});
afterAll(() => server?.close());
beforeEach(async () => {
  expect((await server.post('/api/brand-settings/reset', undefined, { token: admin.token })).status).toBe(200);
});

describe('POST /api/brand-settings/logo', () => {
  it('stores a PNG, answers { logoPath, logoUrl, logoWidth, logoHeight } and serves it with long-lived headers', async () => {
    const response = await postLogo(await image('png', 300, 100));
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['logoHeight', 'logoPath', 'logoUrl', 'logoWidth']);
    expect(response.body).toMatchObject({ logoWidth: 180, logoHeight: 70 });
    expect(response.body.logoPath).toMatch(/\.png$/);
    expect(response.body.logoUrl).toBe(response.body.logoPath);

    const file = await served(response.body.logoPath);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'png', width: 300, height: 100 });

    const settings = (await server.get('/api/brand-settings')).body;
    expect(settings).toMatchObject({ logoPath: response.body.logoPath, logoUrl: response.body.logoPath });
    const again = await fetchBytes(server, response.body.logoPath as string, { 'if-none-match': file.headers.get('etag') as string });
    expect(again.status).toBe(304);
  });

  it('sets the display size sent with the file, with the same rules as PUT', async () => {
    const response = await postLogo(await image('png'), {}, { logoWidth: '240', logoHeight: '90' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ logoWidth: 240, logoHeight: 90 });
    for (const [fields, field, message] of [
      [{ logoWidth: '501' }, 'logoWidth', 'Logo width must be between 50 and 500 pixels'],
      [{ logoWidth: '50.5' }, 'logoWidth', 'Logo width must be between 50 and 500 pixels'],
      [{ logoWidth: 'wide' }, 'logoWidth', 'Logo width must be between 50 and 500 pixels'],
      [{ logoHeight: '29' }, 'logoHeight', 'Logo height must be between 30 and 200 pixels'],
    ] as const) {
      const refused = await postLogo(await image('png', 10, 10), {}, fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body).toMatchObject({ field, message: `${field}: ${message}` });
    }
    expect((await server.get('/api/brand-settings')).body).toMatchObject({
      logoPath: response.body.logoPath,
      logoWidth: 240,
      logoHeight: 90,
    });
  });

  it('re-encodes JPEG without its metadata, and keeps WebP as WebP', async () => {
    const secret = 'GPS-SECRET-LOCATION';
    const jpeg = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: secret } } })
      .toBuffer();
    expect(jpeg.includes(secret)).toBe(true);
    const jpegResponse = await postLogo(jpeg, { filename: 'photo.jpg', type: 'image/jpeg' });
    expect(jpegResponse.status).toBe(200);
    expect(jpegResponse.body.logoPath).toMatch(/\.jpg$/);
    const jpegFile = await served(jpegResponse.body.logoPath);
    expect(jpegFile.headers.get('content-type')).toBe('image/jpeg');
    expect(jpegFile.bytes.includes(secret)).toBe(false);
    expect((await sharp(jpegFile.bytes).metadata()).exif).toBeUndefined();

    const webpResponse = await postLogo(await image('webp'), { filename: 'logo.webp', type: 'image/webp' });
    expect(webpResponse.status).toBe(200);
    const webpFile = await served(webpResponse.body.logoPath);
    expect(webpFile.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(webpFile.bytes).metadata()).format).toBe('webp');
  });

  it('scales logos larger than 2000 px down', async () => {
    const response = await postLogo(await image('png', 2400, 600));
    expect(response.status).toBe(200);
    expect(await sharp((await served(response.body.logoPath)).bytes).metadata()).toMatchObject({ width: 2000, height: 500 });
  });

  it('judges by content, not by name or claimed type', async () => {
    const png = await image('png');
    const response = await postLogo(png, { filename: 'logo.exe', type: 'text/html' });
    expect(response.status).toBe(200);
    expect(response.body.logoPath).toMatch(/\.png$/);
  });

  it('refuses a script named logo.png with 415', async () => {
    const response = await postLogo(Buffer.from('<script>alert(1)</script>'), { filename: 'logo.png', type: 'image/png' });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      field: 'logo',
      message: 'Logo must be a PNG, JPEG, WebP or SVG image',
    });
  });

  it('refuses other types: GIF, HTML with an inline SVG, plain text', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const bytes of [
      gif,
      Buffer.from('<html><body><svg xmlns="http://www.w3.org/2000/svg"/></body></html>'),
      Buffer.from('just text'),
    ]) {
      expect((await postLogo(bytes)).status).toBe(415);
    }
  });

  it('neutralises a polyglot: the PNG is accepted but the served bytes carry no script', async () => {
    const polyglot = Buffer.concat([
      await image('png'),
      Buffer.from('<script>alert(document.cookie)</script><html><body onload="alert(1)">'),
    ]);
    const response = await postLogo(polyglot);
    expect(response.status).toBe(200);
    const file = await served(response.body.logoPath);
    expect(file.bytes.includes('<script')).toBe(false);
    expect(file.bytes.includes('onload')).toBe(false);
    expect(file.bytes.length).toBeLessThan(polyglot.length);
  });

  it('answers 415 or 422 for damaged images, never 500', async () => {
    const png = await image('png');
    const garbageAfterSignature = Buffer.concat([png.subarray(0, 8), Buffer.from('garbage '.repeat(20))]);
    expect([415, 422]).toContain((await postLogo(garbageAfterSignature)).status);
    // A real header (signature + IHDR) followed by junk: recognised as PNG, then not decodable.
    const garbageAfterHeader = Buffer.concat([png.subarray(0, 33), Buffer.from('garbage '.repeat(20))]);
    const response = await postLogo(garbageAfterHeader);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      code: 'INVALID_IMAGE',
      field: 'logo',
      message: 'Logo could not be used: the file is damaged or not a readable image',
    });
    const truncated = await postLogo(png.subarray(0, png.length - 30));
    expect(truncated.status).toBe(422);
  });

  it('answers 413 naming the limit for files over 2 MB', async () => {
    const png = await image('png');
    const oversize = Buffer.concat([png, Buffer.alloc(2 * MB + 1 - png.length)]);
    const response = await postLogo(oversize);
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'logo', message: 'Logo must be 2 MB or smaller' });
    const exactly = Buffer.concat([png, Buffer.alloc(2 * MB - png.length)]);
    expect((await postLogo(exactly)).status).toBe(200);
  });

  it('answers 400 for an empty file, a missing file field, or two files', async () => {
    const empty = await postLogo(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'logo', message: 'The logo file is empty' });
    const wrongField = await post('/api/brand-settings/logo', { field: 'file', bytes: await image('png') });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toMatchObject({ field: 'logo', message: 'logo is required' });
    const fieldsOnly = await post('/api/brand-settings/logo', undefined, { logoWidth: '100' });
    expect(fieldsOnly.body).toMatchObject({ field: 'logo', message: 'logo is required' });
    const png = await image('png');
    const two = await upload(server, '/api/brand-settings/logo', {
      token: admin.token,
      files: [
        { field: 'logo', bytes: png },
        { field: 'logo', bytes: png },
      ],
    });
    expect(two.status).toBe(400);
  });

  it('answers 415 with a clear message for a non-multipart request', async () => {
    const json = await server.post('/api/brand-settings/logo', { logo: 'data:image/png;base64,AAAA' }, { token: admin.token });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Send the logo as multipart/form-data with the file in the "logo" field');
    const bare = await server.post('/api/brand-settings/logo', undefined, { token: admin.token });
    expect(bare.status).toBe(415);
    const broken = await server.request('POST', '/api/brand-settings/logo', {
      token: admin.token,
      body: '--x\r\nnot a part',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
  });

  it('replaces the previous logo and deletes its file', async () => {
    const first = await postLogo(await image('png', 100, 50));
    const second = await postLogo(await image('png', 101, 50));
    expect(second.body.logoPath).not.toBe(first.body.logoPath);
    expect((await fetchBytes(server, first.body.logoPath as string)).status).toBe(404);
    await served(second.body.logoPath);
  });

  it('audits the upload', async () => {
    const response = await postLogo(await image('png', 90, 45), {}, { logoWidth: '100' });
    const hash = ASSET_PATH.exec(response.body.logoPath as string)?.[1];
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'brand.logo.upload'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      subject: 'Brand',
      ip: '127.0.0.1',
      details: { asset: hash, mime: 'image/png', width: 90, height: 45, changes: { logoWidth: { from: 180, to: 100 } } },
    });
  });
});

describe('SVG uploads', () => {
  const clean =
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80" viewBox="0 0 200 80"><rect width="200" height="80" fill="#041E42"/><text x="10" y="50" fill="#fff">Acme</text></svg>';

  it('accepts a clean SVG and serves it with a sandboxing CSP', async () => {
    const response = await postLogo(Buffer.from(clean), { filename: 'logo.svg', type: 'image/svg+xml' });
    expect(response.status).toBe(200);
    expect(response.body.logoPath).toMatch(/\.svg$/);
    const file = await served(response.body.logoPath);
    expect(file.headers.get('content-type')).toBe('image/svg+xml');
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.bytes.toString()).toContain('<text x="10" y="50" fill="#fff">Acme</text>');
  });

  it('removes scripts, event handlers, foreignObject and external references from what it serves', async () => {
    const hostile =
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" onload="alert(1)">' +
      '<script>alert(2)</script>' +
      '<foreignObject width="100" height="100"><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(3)"></iframe></foreignObject>' +
      '<image href="https://evil.test/track.png" width="10" height="10"/>' +
      '<use xlink:href="https://evil.test/sprite.svg#icon"/>' +
      '<a href="javascript:alert(4)"><rect width="50" height="50" fill="red" onclick="alert(5)"/></a>' +
      '<style>@import url("https://evil.test/x.css");</style>' +
      '<circle r="10" fill="url(https://evil.test/paint)"/>' +
      '</svg>';
    const response = await postLogo(Buffer.from(hostile), { filename: 'logo.svg', type: 'image/svg+xml' });
    expect(response.status).toBe(200);
    const text = (await served(response.body.logoPath)).bytes.toString();
    for (const banned of ['<script', 'alert', 'onload', 'onclick', 'foreignObject', 'iframe', 'javascript:', 'evil.test', '@import']) {
      expect(text, banned).not.toContain(banned);
    }
    expect(text).toContain('<rect width="50" height="50" fill="red"/>');
  });

  it('refuses an SVG with DOCTYPE entity declarations', async () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;</text></svg>';
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${'&a;'.repeat(10)}">`).join('')}]><svg xmlns="http://www.w3.org/2000/svg"><text>&bbbbbbbbb;</text></svg>`;
    for (const svg of [xxe, laughs]) {
      const response = await postLogo(Buffer.from(svg), { filename: 'logo.svg', type: 'image/svg+xml' });
      expect(response.status).toBe(422);
      expect(response.body).toMatchObject({
        code: 'INVALID_IMAGE',
        message: 'Logo could not be used: SVG files with DOCTYPE entity declarations are not accepted',
      });
    }
  });

  it('refuses malformed SVG with 422', async () => {
    const response = await postLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>'), { filename: 'logo.svg' });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(/^Logo could not be used: The SVG is not well-formed XML/);
  });
});

describe('POST /api/brand-settings/favicon', () => {
  /** Checks the 32 and 180 px PNG renditions of a favicon answer. */
  async function expectRenditions(body: Record<string, unknown>) {
    const urls = body.faviconUrls as { png32: string; png180: string };
    for (const [url, size] of [
      [urls.png32, 32],
      [urls.png180, 180],
    ] as const) {
      const file = await served(url);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'png', width: size, height: size });
    }
  }

  it('stores a PNG favicon with 32x32 and 180x180 PNG renditions', async () => {
    const response = await postFavicon(await image('png', 64, 64), { filename: 'icon.png', type: 'image/png' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['faviconPath', 'faviconUrl', 'faviconUrls']);
    expect(response.body.faviconUrl).toBe(response.body.faviconPath);
    expect(response.body.faviconPath).toMatch(/\.png$/);
    await expectRenditions(response.body);
    expect((await server.get('/api/brand-settings')).body).toMatchObject({
      faviconPath: response.body.faviconPath,
      faviconUrls: response.body.faviconUrls,
    });
  });

  it('accepts an ICO with an embedded PNG and serves a rebuilt ICO', async () => {
    const response = await postFavicon(icoWithPng(await image('png', 48, 48), 48), { type: 'image/x-icon' });
    expect(response.status).toBe(200);
    expect(response.body.faviconPath).toMatch(/\.ico$/);
    const file = await served(response.body.faviconPath);
    expect(file.headers.get('content-type')).toBe('image/x-icon');
    expect(await fileTypeFromBuffer(file.bytes)).toMatchObject({ ext: 'ico' });
    expect(file.bytes.readUInt16LE(4)).toBe(3); // 16, 32 and 48 px entries
    await expectRenditions(response.body);
  });

  it('accepts an ICO holding a classic 32-bit bitmap', async () => {
    const response = await postFavicon(icoWithBitmap(16));
    expect(response.status).toBe(200);
    const png32 = await served((response.body.faviconUrls as { png32: string }).png32);
    const { data } = await sharp(png32.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 4)]).toEqual([0x04, 0x1e, 0x42, 0xff]);
  });

  it('refuses a damaged ICO with 422 and accepts SVG favicons', async () => {
    const broken = icoWithPng(await image('png', 16, 16), 16).subarray(0, 30);
    expect((await postFavicon(broken)).status).toBe(422);
    const svg = await postFavicon(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" width="16" height="16"><circle cx="8" cy="8" r="8" fill="#46ECB0"/></svg>',
      ),
      { filename: 'icon.svg' },
    );
    expect(svg.status).toBe(200);
    expect(svg.body.faviconPath).toMatch(/\.svg$/);
    await expectRenditions(svg.body);
  });

  it('refuses other types with 415 naming the accepted ones', async () => {
    const response = await postFavicon(Buffer.from('GIF89a not really'), { filename: 'favicon.ico' });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe('Favicon must be a PNG, JPEG, WebP, ICO or SVG image');
  });

  it('is removed with PUT faviconPath: null, files and all', async () => {
    const uploaded = await postFavicon(await image('png', 64, 64));
    const urls = uploaded.body.faviconUrls as { png32: string; png180: string };
    const removal = await server.put('/api/brand-settings', { faviconPath: null }, { token: admin.token });
    expect(removal.body).toEqual({ faviconPath: null, faviconUrl: null, faviconUrls: null });
    expect((await server.get('/api/brand-settings')).body).toMatchObject({ faviconPath: null, faviconUrl: null, faviconUrls: null });
    for (const path of [uploaded.body.faviconPath as string, urls.png32, urls.png180])
      expect((await fetchBytes(server, path)).status).toBe(404);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'brand.favicon.remove'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toEqual({ asset: ASSET_PATH.exec(uploaded.body.faviconPath as string)?.[1] });
  });
});

describe('POST /api/brand-settings/login-background', () => {
  it('stores a background, scaled to at most 3840x2160', async () => {
    const response = await postBackground(await image('jpeg', 4000, 3000));
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['loginBackgroundPath', 'loginBackgroundUrl']);
    expect(response.body.loginBackgroundUrl).toBe(response.body.loginBackgroundPath);
    const file = await served(response.body.loginBackgroundUrl);
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 2880, height: 2160 });
    expect((await server.get('/api/brand-settings')).body.loginBackgroundUrl).toBe(response.body.loginBackgroundUrl);
  });

  it('refuses SVG and files over 5 MB', async () => {
    const svg = await postBackground(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { filename: 'bg.svg' });
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe('Login background must be a PNG, JPEG or WebP image');
    const jpeg = await image('jpeg');
    const big = await postBackground(Buffer.concat([jpeg, Buffer.alloc(5 * MB + 1 - jpeg.length)]));
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Login background must be 5 MB or smaller');
  });

  it('is removed with PUT loginBackgroundPath: null', async () => {
    const uploaded = await postBackground(await image('webp', 200, 100), { filename: 'bg.webp' });
    const removal = await server.put('/api/brand-settings', { loginBackgroundPath: null }, { token: admin.token });
    expect(removal.body).toEqual({ loginBackgroundPath: null, loginBackgroundUrl: null });
    expect((await server.get('/api/brand-settings')).body).toMatchObject({ loginBackgroundPath: null, loginBackgroundUrl: null });
    expect((await fetchBytes(server, uploaded.body.loginBackgroundPath as string)).status).toBe(404);
  });
});

describe('removal and storage', () => {
  it('removes the logo with PUT logoPath: null and audits it', async () => {
    const uploaded = await postLogo(await image('png'));
    const removal = await server.put('/api/brand-settings', { logoPath: null }, { token: admin.token });
    expect(removal.status).toBe(200);
    expect(removal.body).toEqual({ logoPath: null, logoUrl: null });
    expect((await server.get('/api/brand-settings')).body).toMatchObject({ logoPath: null, logoUrl: null, logoWidth: 180 });
    expect((await fetchBytes(server, uploaded.body.logoPath as string)).status).toBe(404);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'brand.logo.remove'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorId: admin.user.id });
  });

  it('stores one file for identical uploads used twice', async () => {
    const png = await image('png', 77, 77);
    const logo = await postLogo(png);
    const background = await postBackground(png, { filename: 'bg.png' });
    expect(background.body.loginBackgroundPath).toBe(logo.body.logoPath);
    await server.put('/api/brand-settings', { logoPath: null }, { token: admin.token });
    await served(background.body.loginBackgroundPath); // still used by the background
    const hash = ASSET_PATH.exec(logo.body.logoPath as string)?.[1] as string;
    expect(await server.database.db.select({ id: brandAssets.id }).from(brandAssets).where(like(brandAssets.id, hash))).toHaveLength(1);
  });

  it('answers 404 for unknown assets or a wrong extension, 400 for malformed names', async () => {
    const uploaded = await postLogo(await image('png'));
    const path = uploaded.body.logoPath as string;
    expect((await fetchBytes(server, path.replace(/\.png$/, '.svg'))).status).toBe(404);
    expect((await fetchBytes(server, `/api/brand-assets/${'0'.repeat(64)}.png`)).status).toBe(404);
    expect((await fetchBytes(server, '/api/brand-assets/not-a-hash.png')).status).toBe(400);
    expect((await fetchBytes(server, `/api/brand-assets/${'0'.repeat(64)}.html`)).status).toBe(400);
  });
});

describe('PUBLIC_URL', () => {
  it('makes URLs absolute while paths stay relative', async () => {
    const hosted = await startTestServer({ config: { publicUrl: 'https://sms.example.test/' } });
    try {
      const owner = await hosted.createAdmin();
      const response = await upload<Record<string, string>>(hosted, '/api/brand-settings/logo', {
        token: owner.token,
        files: [{ field: 'logo', bytes: await image('png') }],
      });
      expect(response.status).toBe(200);
      expect(response.body.logoPath).toMatch(ASSET_PATH);
      expect(response.body.logoUrl).toBe(`https://sms.example.test${response.body.logoPath}`);
    } finally {
      await hosted.close();
    }
  });
});
