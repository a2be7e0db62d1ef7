import {
  createSegmentBodySchema,
  listSegmentsQuerySchema,
  segmentCountBodySchema,
  segmentCountResponseSchema,
  segmentIdParamsSchema,
  segmentListResponseSchema,
  segmentResponseSchema,
  updateSegmentBodySchema,
  type SegmentDefinition,
} from '@sms/contracts/segments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentSegment } from './segments.presenter.ts';
import { countDefinition, findSegment, listSegments } from './segments.queries.ts';
import { checkDefinition, createSegment, deleteSegment, updateSegment } from './segments.service.ts';

const tags = ['segments'];
const CANNOT_READ = 'You do not have permission to view segments.';
const CANNOT_EDIT = 'Only managers and administrators manage segments.';

/** Saved segments: a name and a contact filter, counted live, used as contact list views and campaign audiences. */
export const segmentsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const find = async (id: string) => {
    const row = await findSegment(db, id);
    if (!row) throw new NotFound('Segment not found');
    return row;
  };
  /** The segment a route acts on, loaded before it is authorized (404 first). */
  const segment = recordLoader(find);

  app.get(
    '/api/segments',
    {
      config: { auth: 'required', can: ['read', 'Segment'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'List saved segments by name',
        querystring: listSegmentsQuerySchema,
        response: { 200: segmentListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listSegments(db, request.query);
      return { data: rows.map(presentSegment), total };
    },
  );

  app.post(
    '/api/segments',
    {
      config: { auth: 'required', can: ['create', 'Segment'], refusal: CANNOT_EDIT },
      schema: {
        tags,
        summary: 'Save a segment',
        body: createSegmentBodySchema,
        response: { 201: segmentResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const row = await createSegment(db, { actor, ip: request.ip, body: request.body });
      return reply.status(201).send({ segment: presentSegment(await find(row.id)) });
    },
  );

  app.post(
    '/api/segments/count',
    {
      config: { auth: 'required', can: ['read', 'Segment'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Count the contacts a definition matches (saved or not)',
        body: segmentCountBodySchema,
        response: { 200: segmentCountResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await checkDefinition(db, request.body.definition);
      return countDefinition(db, request.body.definition);
    },
  );

  app.get(
    '/api/segments/:id',
    {
      config: { auth: 'required', can: ['read', 'Segment'], refusal: CANNOT_READ, load: segment.load },
      schema: {
        tags,
        summary: 'One saved segment',
        params: segmentIdParamsSchema,
        response: { 200: segmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return { segment: presentSegment(segment.of(request)) };
    },
  );

  app.get(
    '/api/segments/:id/count',
    {
      config: { auth: 'required', can: ['read', 'Segment'], refusal: CANNOT_READ, load: segment.load },
      schema: {
        tags,
        summary: 'Count the contacts a saved segment matches now',
        params: segmentIdParamsSchema,
        response: { 200: segmentCountResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return countDefinition(db, segment.of(request).segment.definition as SegmentDefinition);
    },
  );

  app.put(
    '/api/segments/:id',
    {
      config: { auth: 'required', can: ['update', 'Segment'], refusal: CANNOT_EDIT, load: segment.load },
      schema: {
        tags,
        summary: 'Rename a segment or change its definition',
        params: segmentIdParamsSchema,
        body: updateSegmentBodySchema,
        response: { 200: segmentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await updateSegment(db, { actor, ip: request.ip, id: request.params.id, body: request.body });
      return { segment: presentSegment(await find(request.params.id)) };
    },
  );

  app.delete(
    '/api/segments/:id',
    {
      config: { auth: 'required', can: ['delete', 'Segment'], refusal: CANNOT_EDIT, load: segment.load },
      schema: {
        tags,
        summary: 'Delete a segment (409 naming the campaign when a scheduled campaign is to be sent to it)',
        params: segmentIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      await deleteSegment(db, { actor, ip: request.ip, id: request.params.id });
      return reply.status(204).send();
    },
  );
};
