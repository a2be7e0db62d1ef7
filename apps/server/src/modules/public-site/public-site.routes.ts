import {
  codeConfirmedSchema,
  codeRequestedSchema,
  confirmCodeBodySchema,
  consentHistoryResponseSchema,
  publicSiteSettingsResponseSchema,
  publicSiteViewSchema,
  simulatorCodeMessagesSchema,
  subscribeBodySchema,
  SUBSCRIPTION_CODE_TTL_SECONDS,
  unsubscribeBodySchema,
  updatePublicSiteBodySchema,
} from '@sms/contracts/public-site';
import { contactIdParamsSchema } from '@sms/contracts/contacts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { findContactById } from '../contacts/index.ts';
import { getPublicSiteSettings, presentPublicSite, updatePublicSiteSettings } from './public-site-settings.ts';
import { presentConsent, presentSimulatorMessage } from './public-site.presenter.ts';
import { listConsents, simulatorCodeMessages } from './subscriptions.queries.ts';
import { confirmSubscription, confirmUnsubscribe, requestSubscription, requestUnsubscribe, type Visitor } from './subscriptions.service.ts';

const tags = ['public-site'];
const visitorOf = (request: FastifyRequest): Visitor => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});
const requested = { expiresInSeconds: SUBSCRIPTION_CODE_TTL_SECONDS };

/**
 * The public site: its settings (Configurations -> Public site), what visitors read, and
 * subscriptions with double opt-in. Visitors reach only /api/public; while the site is off those
 * answer 404 PUBLIC_SITE_OFF (the site's status says only `enabled: false`).
 */
export const publicSiteRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: Jobs }> = async (app, { db, jobs }) => {
  /** The contact whose consents are read, loaded before the route is authorized (404 first). */
  const consentsOf = recordLoader(async (id) => {
    const contact = await findContactById(db, id);
    if (!contact) throw new NotFound('Contact not found');
    return contact;
  });
  app.get(
    '/api/settings/public-site',
    {
      config: { auth: 'required', can: ['read', 'Settings'], refusal: 'You do not have permission to view the public site settings.' },
      schema: {
        tags,
        summary: 'Public site settings (administrators and managers)',
        response: { 200: publicSiteSettingsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      return { settings: await getPublicSiteSettings(db) };
    },
  );

  app.put(
    '/api/settings/public-site',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: 'Only administrators can change the public site.' },
      schema: {
        tags,
        summary: 'Change the public site: on or off, texts, published topics, pricing page (administrators)',
        body: updatePublicSiteBodySchema,
        response: { 200: publicSiteSettingsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const settings = await db.transaction(async (tx) => {
        const next = await updatePublicSiteSettings(tx, request.body);
        await recordAudit(tx, {
          actor,
          action: 'settings.public_site.update',
          subject: 'Settings',
          ip: request.ip,
          details: { changes: Object.keys(request.body), enabled: next.enabled },
        });
        return next;
      });
      return { settings };
    },
  );

  app.get(
    '/api/public/site',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The public site (public): texts and topics, or only enabled: false while it is off',
        response: { 200: publicSiteViewSchema },
      },
    },
    async () => presentPublicSite(await getPublicSiteSettings(db)),
  );

  app.post(
    '/api/public/subscriptions',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Ask to receive messages on some topics: a code is sent by SMS to confirm (public)',
        description:
          'Always 202 for a valid request, in the same time: the answer never says whether the number is known, and the code is texted ' +
          'after it. Limited per address and per number, known or not (429).',
        body: subscribeBodySchema,
        response: { 202: codeRequestedSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      // A robot filled in the hidden field: answered as usual, nothing sent.
      if (!request.body.website) await requestSubscription(db, jobs, { ...request.body, visitor: visitorOf(request) });
      return reply.status(202).send(requested);
    },
  );

  app.post(
    '/api/public/subscriptions/confirm',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Confirm a subscription with the code received by SMS (public)',
        body: confirmCodeBodySchema,
        response: { 200: codeConfirmedSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await confirmSubscription(db, { ...request.body, visitor: visitorOf(request) });
      return { status: 'subscribed' as const };
    },
  );

  app.post(
    '/api/public/unsubscribe',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Ask to stop messages: a code is sent by SMS to a subscribed number (public)',
        description:
          'Always 202 for a valid request, in the same time, whether the number is subscribed, opted out or unknown; the code is ' +
          'texted after the answer, only to a subscribed number. Limited per address and per number, known or not (429).',
        body: unsubscribeBodySchema,
        response: { 202: codeRequestedSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      if (!request.body.website) await requestUnsubscribe(db, jobs, { phone: request.body.phone, visitor: visitorOf(request) });
      return reply.status(202).send(requested);
    },
  );

  app.post(
    '/api/public/unsubscribe/confirm',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Confirm stopping messages with the code received by SMS (public)',
        body: confirmCodeBodySchema,
        response: { 200: codeConfirmedSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      await confirmUnsubscribe(db, { ...request.body, visitor: visitorOf(request) });
      return { status: 'unsubscribed' as const };
    },
  );

  app.get(
    '/api/contacts/:id/consents',
    {
      config: {
        auth: 'required',
        can: ['read', 'Contact'],
        refusal: 'You do not have permission to view contacts.',
        load: consentsOf.load,
      },
      schema: {
        tags,
        summary: "A contact's consent history: source, time, address, browser and the text they agreed to",
        params: contactIdParamsSchema,
        response: { 200: consentHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return { data: (await listConsents(db, request.params.id)).map(presentConsent) };
    },
  );

  app.get(
    '/api/settings/public-site/simulator-messages',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: 'Only administrators can read the simulator messages.' },
      schema: {
        tags,
        summary: 'Code messages the simulator gateway received (administrators try the site without a carrier)',
        response: { 200: simulatorCodeMessagesSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      return { data: (await simulatorCodeMessages(db)).map(presentSimulatorMessage) };
    },
  );
};
