import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  BRAND_ASSET_EXTENSIONS,
  BRAND_UPLOAD_LIMITS,
  brandAssetParamsSchema,
  brandSettingsSchema,
  brandUpdateResponseSchema,
  brandUpdateSchema,
  faviconUploadResponseSchema,
  formatBytes,
  loginBackgroundUploadResponseSchema,
  logoUploadFieldsSchema,
  logoUploadResponseSchema,
  type BrandAssetKind,
  type BrandAssetMime,
} from '@sms/contracts/brand';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Command } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { NotFound, ValidationError } from '../../platform/errors.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { processFavicon, processLoginBackground, processLogo } from './brand-assets.ts';
import { readUpload } from './brand-upload.ts';
import { answeredFields, pickFields, presentBrand } from './brand.presenter.ts';
import { findBrandAsset } from './brand.queries.ts';
import {
  loadBrand,
  replaceFavicon,
  replaceLoginBackground,
  replaceLogo,
  resetBrand,
  updateBrand,
  type BrandState,
} from './brand.service.ts';
import { validatorCompiler } from '../../platform/input-rules.ts';

const tags = ['brand'];
const YEAR_SECONDS = 31_536_000;
/** Served SVGs may style themselves and nothing else: no scripts, no loads, sandboxed. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Whether an If-None-Match header names this entity tag (or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * Multipart bodies are read and checked in the handler (streamed, with size limits); the body
 * schema only documents the form in OpenAPI, so its validation is skipped.
 */
const multipartValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

/** OpenAPI description of an upload form: the file field and optional text fields. */
function uploadForm(kind: BrandAssetKind, extra: Record<string, z.ZodType> = {}) {
  const { field, maxBytes, types } = BRAND_UPLOAD_LIMITS[kind];
  return z.object({ [field]: z.file().describe(`${types.join(', ')}; at most ${formatBytes(maxBytes)}`), ...extra });
}

/** Changing the brand: administrators (the policy's update Brand). */
const ADMINS_CHANGE = {
  auth: 'required',
  can: ['update', 'Brand'],
  refusal: 'Only administrators can change the brand settings.',
} as const;

/** Brand settings (read by everyone, changed by admins) and the brand's image files. */
export const brandRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl?: string | undefined }> = async (app, { db, publicUrl }) => {
  // Scoped to this plugin: only the upload routes take multipart bodies. Per-route limits are
  // passed when the parts are read (brand-upload.ts); these are the outer bounds.
  await app.register(multipart, {
    limits: { fileSize: BRAND_UPLOAD_LIMITS.loginBackground.maxBytes, files: 1, fields: 8, fieldSize: 64, parts: 9 },
  });

  const present = (state: BrandState) => presentBrand(state.row, state.assets, { publicUrl });
  const changeBy = (request: FastifyRequest): Command => ({ actor: currentUser(request), ip: request.ip });

  app.get(
    '/api/brand-settings',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The brand (no session needed)',
        description: 'Every field, defaults filled in. Sends an ETag; a matching If-None-Match answers 304.',
        response: { 200: brandSettingsSchema, 304: z.undefined().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const settings = present(await loadBrand(db));
      const etag = `"${createHash('sha256').update(JSON.stringify(settings)).digest('base64url')}"`;
      reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return settings;
    },
  );

  app.put(
    '/api/brand-settings',
    {
      config: ADMINS_CHANGE,
      schema: {
        tags,
        summary: 'Change brand settings (admins)',
        description:
          'Partial: send one or more fields; the answer holds only those fields. logoPath, faviconPath or loginBackgroundPath ' +
          'sent as null removes that image (and the answer carries its nulled URL fields). Unknown fields are ignored.',
        body: brandUpdateSchema,
        response: { 200: brandUpdateResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const change = changeBy(request);
      const state = await updateBrand(db, change, request.body);
      return pickFields(present(state), answeredFields(request.body));
    },
  );

  app.post(
    '/api/brand-settings/logo',
    {
      config: ADMINS_CHANGE,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: 'Upload the logo (admins)',
        description: `PNG, JPEG, WebP or SVG (sanitised), at most ${formatBytes(BRAND_UPLOAD_LIMITS.logo.maxBytes)}, in the multipart field "logo"; optional logoWidth and logoHeight set its display size.`,
        consumes: ['multipart/form-data'],
        body: uploadForm('logo', { logoWidth: z.string().optional(), logoHeight: z.string().optional() }),
        response: { 200: logoUploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request) => {
      const change = changeBy(request);
      const upload = await readUpload(request, 'logo', ['logoWidth', 'logoHeight']);
      const size = logoUploadFieldsSchema.safeParse(upload.fields);
      if (!size.success) {
        const issue = size.error.issues[0];
        const field = String(issue?.path[0] ?? 'logoWidth');
        throw new ValidationError(field, `${field}: ${issue?.message ?? 'is invalid'}`);
      }
      const logo = await processLogo(upload.file);
      const { logoPath, logoUrl, logoWidth, logoHeight } = present(await replaceLogo(db, change, logo, size.data));
      return { logoPath, logoUrl, logoWidth, logoHeight };
    },
  );

  app.post(
    '/api/brand-settings/favicon',
    {
      config: ADMINS_CHANGE,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: 'Upload the favicon (admins)',
        description: `PNG, JPEG, WebP, ICO or SVG (sanitised), at most ${formatBytes(BRAND_UPLOAD_LIMITS.favicon.maxBytes)}, in the multipart field "favicon". Also produces 32x32 and 180x180 PNGs (faviconUrls).`,
        consumes: ['multipart/form-data'],
        body: uploadForm('favicon'),
        response: { 200: faviconUploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request) => {
      const change = changeBy(request);
      const upload = await readUpload(request, 'favicon');
      const { faviconPath, faviconUrl, faviconUrls } = present(await replaceFavicon(db, change, await processFavicon(upload.file)));
      return { faviconPath, faviconUrl, faviconUrls };
    },
  );

  app.post(
    '/api/brand-settings/login-background',
    {
      config: ADMINS_CHANGE,
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: 'Upload the login background (admins)',
        description: `PNG, JPEG or WebP, at most ${formatBytes(BRAND_UPLOAD_LIMITS.loginBackground.maxBytes)}, in the multipart field "loginBackground"; scaled to at most 3840x2160.`,
        consumes: ['multipart/form-data'],
        body: uploadForm('loginBackground'),
        response: { 200: loginBackgroundUploadResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request) => {
      const change = changeBy(request);
      const upload = await readUpload(request, 'loginBackground');
      const { loginBackgroundPath, loginBackgroundUrl } = present(
        await replaceLoginBackground(db, change, await processLoginBackground(upload.file)),
      );
      return { loginBackgroundPath, loginBackgroundUrl };
    },
  );

  app.post(
    '/api/brand-settings/reset',
    {
      config: ADMINS_CHANGE,
      schema: {
        tags,
        summary: 'Reset the brand to its defaults (admins)',
        description: 'Removes every brand image and answers the full default settings.',
        response: { 200: brandSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => present(await resetBrand(db, changeBy(request))),
  );

  app.get(
    '/api/brand-assets/:hash.:ext',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A brand image (content-addressed, cached for a year)',
        description: 'The hash is the sha256 of the file. SVGs are served with a sandboxing Content-Security-Policy.',
        params: brandAssetParamsSchema,
        response: {
          200: fileAnswer('The image', 'image/png', 'image/jpeg', 'image/webp', 'image/svg+xml', 'image/x-icon'),
          304: z.undefined().describe('Not modified'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, typedReply) => {
      // The answer is the file's bytes, which the JSON response schemas do not describe.
      const reply = typedReply as FastifyReply;
      const { hash, ext } = request.params;
      const asset = await findBrandAsset(db, hash);
      if (!asset || BRAND_ASSET_EXTENSIONS[asset.mime as BrandAssetMime] !== ext) throw new NotFound('Brand image not found');
      reply
        .header('content-type', asset.mime)
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .header('etag', `"${asset.id}"`)
        .header('x-content-type-options', 'nosniff')
        // Brand images may be shown by other origins (e-mails, embedded pages).
        .header('cross-origin-resource-policy', 'cross-origin');
      if (asset.mime === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
      if (matchesEtag(request.headers['if-none-match'], `"${asset.id}"`)) return reply.status(304).send();
      return reply.send(asset.bytes);
    },
  );
};
