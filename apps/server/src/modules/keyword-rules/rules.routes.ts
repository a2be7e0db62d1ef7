import {
  createKeywordRuleBodySchema,
  keywordRuleIdParamsSchema,
  keywordRuleListResponseSchema,
  keywordRuleResponseSchema,
  reorderKeywordRulesBodySchema,
  testKeywordRulesBodySchema,
  testKeywordRulesResponseSchema,
  updateKeywordRuleBodySchema,
} from '@sms/contracts/keyword-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentRule } from './rules.presenter.ts';
import { findRule, listRules } from './rules.queries.ts';
import { createRule, deleteRule, reorderRules, testRules, updateRule, type AssignableUsers } from './rules.service.ts';

const tags = ['keyword-rules'];
const CANNOT_READ = 'You do not have permission to view the keyword rules.';
const CANNOT_EDIT = 'Only administrators change the keyword rules.';

/**
 * Keyword rules (decision 104): part of the messaging settings, read by managers, changed by
 * administrators. `assignable`: who an assign action may name (the tickets', given by app.ts).
 */
export const keywordRulesRoutes: FastifyPluginAsyncZod<{ db: Db; assignable: AssignableUsers }> = async (app, { db, assignable }) => {
  const rule = recordLoader(async (id: string) => {
    const row = await findRule(db, id);
    if (!row) throw new NotFound('Keyword rule not found');
    return row;
  });
  const list = async () => {
    const rows = await listRules(db);
    return { data: rows.map(presentRule), total: rows.length };
  };

  app.get(
    '/api/keyword-rules',
    {
      config: { auth: 'required', can: ['read', 'Settings'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'List the keyword rules, in the order they apply',
        response: { 200: keywordRuleListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    list,
  );

  app.post(
    '/api/keyword-rules',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: CANNOT_EDIT },
      schema: {
        tags,
        summary: 'Create a keyword rule (applied after the others)',
        body: createKeywordRuleBodySchema,
        response: { 201: keywordRuleResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const row = await createRule(db, { actor: currentUser(request), ip: request.ip, body: request.body, assignable });
      return reply.status(201).send({ rule: presentRule(row) });
    },
  );

  app.put(
    '/api/keyword-rules/order',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: CANNOT_EDIT },
      schema: {
        tags,
        summary: 'Put the keyword rules in a new order (every rule once)',
        body: reorderKeywordRulesBodySchema,
        response: { 200: keywordRuleListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const rows = await reorderRules(db, { actor: currentUser(request), ip: request.ip, ids: request.body.ids });
      return { data: rows.map(presentRule), total: rows.length };
    },
  );

  app.post(
    '/api/keyword-rules/test',
    {
      config: { auth: 'required', can: ['read', 'Settings'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'What the enabled keyword rules would do to a reply (nothing is written)',
        body: testKeywordRulesBodySchema,
        response: { 200: testKeywordRulesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => testRules(db, { ...request.body, assignable }),
  );

  app.get(
    '/api/keyword-rules/:id',
    {
      config: { auth: 'required', can: ['read', 'Settings'], refusal: CANNOT_READ, load: rule.load },
      schema: {
        tags,
        summary: 'One keyword rule',
        params: keywordRuleIdParamsSchema,
        response: { 200: keywordRuleResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ rule: presentRule(rule.of(request)) }),
  );

  app.put(
    '/api/keyword-rules/:id',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: CANNOT_EDIT, load: rule.load },
      schema: {
        tags,
        summary: 'Change a keyword rule (its words, actions, name; enable or disable it)',
        params: keywordRuleIdParamsSchema,
        body: updateKeywordRuleBodySchema,
        response: { 200: keywordRuleResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await updateRule(db, {
        actor: currentUser(request),
        ip: request.ip,
        id: request.params.id,
        body: request.body,
        assignable,
      });
      return { rule: presentRule(row) };
    },
  );

  app.delete(
    '/api/keyword-rules/:id',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: CANNOT_EDIT, load: rule.load },
      schema: {
        tags,
        summary: 'Delete a keyword rule',
        params: keywordRuleIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteRule(db, { actor: currentUser(request), ip: request.ip, id: request.params.id });
      return reply.status(204).send();
    },
  );
};
