import { DEFAULT_BRAND } from '@sms/contracts/brand';
import {
  ARCHIVE_RSS_PATH,
  archiveEntryResponseSchema,
  archiveIdParamsSchema,
  archiveListSchema,
  archiveQuerySchema,
} from '@sms/contracts/public-archive';
import { markdownToText } from '@sms/contracts/markdown';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { findBrandRow } from '../brand/index.ts';
import { requirePublicSiteOn } from '../public-site/index.ts';
import { publicAddressOf } from '../settings/index.ts';
import { archiveRss } from './archive-rss.ts';
import { findArchiveEntry, listArchiveEntries } from './archive.queries.ts';
import { presentArchiveEntry } from './archive.presenter.ts';

const tags = ['public-site'];
/** Entries the feed carries: readers poll it, they do not page through it. */
const RSS_ITEMS = 50;
const BLOG_PATH = '/frontend-pages/blog';

/**
 * The public archive (visitors): published campaigns rendered with their fallbacks and staff
 * posts, as pages and as an RSS 2.0 feed. While the site is off every call answers 404
 * PUBLIC_SITE_OFF, the feed included.
 */
export const archiveRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl?: string | undefined }> = async (app, { db, publicUrl }) => {
  app.get(
    '/api/public/archive',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The public archive, newest first (public): published campaigns once launched, posts once their date passed',
        querystring: archiveQuerySchema,
        response: { 200: archiveListSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await requirePublicSiteOn(db);
      const { rows, total } = await listArchiveEntries(db, request.query);
      return { data: rows.map(presentArchiveEntry), total };
    },
  );

  app.get(
    ARCHIVE_RSS_PATH,
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The public archive as an RSS 2.0 feed (public)',
        response: { 200: fileAnswer('The RSS feed', 'application/rss+xml'), ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      await requirePublicSiteOn(db);
      // Links are absolute when the installation knows its address; never the request's Host.
      const base = (await publicAddressOf(db, publicUrl)) ?? '';
      const brand = await findBrandRow(db);
      const { rows } = await listArchiveEntries(db, { limit: RSS_ITEMS, skip: 0 });
      const xml = archiveRss(
        {
          title: brand?.appName ?? DEFAULT_BRAND.appName,
          description: brand?.description ?? DEFAULT_BRAND.description,
          link: `${base}${BLOG_PATH}`,
          self: `${base}${ARCHIVE_RSS_PATH}`,
        },
        rows.map(presentArchiveEntry).map((entry) => ({
          title: entry.title,
          link: `${base}${BLOG_PATH}/detail/${entry.id}`,
          // Readers show the description as text: a post's Markdown goes out rendered, without its marks.
          description: entry.kind === 'post' ? markdownToText(entry.body) : entry.body,
          publishedAt: new Date(entry.publishedAt),
        })),
      );
      return reply.header('content-type', 'application/rss+xml; charset=utf-8').send(xml);
    },
  );

  app.get(
    '/api/public/archive/:id',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'One entry of the public archive (public); a campaign shows each merge field as its fallback',
        params: archiveIdParamsSchema,
        response: { 200: archiveEntryResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await requirePublicSiteOn(db);
      const row = await findArchiveEntry(db, request.params.id);
      if (!row) throw new NotFound('This message is not in the archive');
      return { entry: presentArchiveEntry(row) };
    },
  );
};
