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
import { authorize, currentUser } from '../../platform/auth.ts';
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
  const load = async (id: string) => {
    const row = await findSegment(db, id);
    if (!row) throw new NotFound('Segment not found');
    return row;
  };

  app.get(
    '/api/segments',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'List saved segments by name',
        querystring: listSegmentsQuerySchema,
        response: { 200: segmentListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(currentUser(request).role, 'read', 'Segment', CANNOT_READ);
      const { rows, total } = await listSegments(db, request.query);
      return { data: rows.map(presentSegment), total };
    },
  );

  app.post(
    '/api/segments',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Save a segment',
        body: createSegmentBodySchema,
        response: { 201: segmentResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      authorize(actor.role, 'create', 'Segment', CANNOT_EDIT);
      const row = await createSegment(db, { actor, ip: request.ip, body: request.body });
      return reply.status(201).send({ segment: presentSegment(await load(row.id)) });
    },
  );

  app.post(
    '/api/segments/count',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Count the contacts a definition matches (saved or not)',
        body: segmentCountBodySchema,
        response: { 200: segmentCountResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(currentUser(request).role, 'read', 'Segment', CANNOT_READ);
      await checkDefinition(db, request.body.definition);
      return countDefinition(db, request.body.definition);
    },
  );

  app.get(
    '/api/segments/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One saved segment',
        params: segmentIdParamsSchema,
        response: { 200: segmentResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(currentUser(request).role, 'read', 'Segment', CANNOT_READ);
      return { segment: presentSegment(await load(request.params.id)) };
    },
  );

  app.get(
    '/api/segments/:id/count',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Count the contacts a saved segment matches now',
        params: segmentIdParamsSchema,
        response: { 200: segmentCountResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(currentUser(request).role, 'read', 'Segment', CANNOT_READ);
      const { segment } = await load(request.params.id);
      return countDefinition(db, segment.definition as SegmentDefinition);
    },
  );

  app.put(
    '/api/segments/:id',
    {
      config: { auth: 'required' },
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
      authorize(actor.role, 'update', 'Segment', CANNOT_EDIT);
      await updateSegment(db, { actor, ip: request.ip, id: request.params.id, body: request.body });
      return { segment: presentSegment(await load(request.params.id)) };
    },
  );

  app.delete(
    '/api/segments/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a segment (409 naming the campaign when a scheduled campaign is to be sent to it)',
        params: segmentIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      authorize(actor.role, 'delete', 'Segment', CANNOT_EDIT);
      await deleteSegment(db, { actor, ip: request.ip, id: request.params.id });
      return reply.status(204).send();
    },
  );
};
