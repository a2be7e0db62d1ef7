import {
  availableNumbersQuerySchema,
  availableNumbersResponseSchema,
  createSenderBodySchema,
  purchaseNumberBodySchema,
  senderDetailResponseSchema,
  senderListResponseSchema,
  senderParamsSchema,
  senderResponseSchema,
  senderSettingsSchema,
  senderStatusBodySchema,
  updateSenderBodySchema,
} from '@sms/contracts/senders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentSender } from './senders.presenter.ts';
import { listSenders, senderDaily } from './senders.queries.ts';
import { purchaseNumber, searchNumbers, type ShopContext } from './senders-shop.service.ts';
import { changeSenderStatus, createSender, readSenderSettings, saveSenderSettings, senderOr404, updateSender } from './senders.service.ts';

const tags = ['senders'];
const CANNOT_READ = 'You do not have permission to view numbers and sender IDs.';
const CANNOT_MANAGE = 'Only administrators buy, add and change numbers and sender IDs.';

/** Numbers and sender IDs: the list, one sender's page, registering and editing, the shop (search and buy), the sender rule. */
export const sendersRoutes: FastifyPluginAsyncZod<{ db: Db } & ShopContext> = async (app, { db, publicUrl, twilioApiBaseUrl }) => {
  const context: ShopContext = { publicUrl, twilioApiBaseUrl };
  /** The sender a route acts on, loaded before it is authorized (404 first). */
  const sender = recordLoader((id) => senderOr404(db, id));

  app.get(
    '/api/senders',
    {
      config: { auth: 'required', can: ['read', 'Sender'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Every number and sender ID, with its gateway, registration and use in the last 30 days',
        response: { 200: senderListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const rows = await listSenders(db);
      return { data: rows.map(presentSender), total: rows.length };
    },
  );

  app.post(
    '/api/senders',
    {
      config: { auth: 'required', can: ['create', 'Sender'], refusal: CANNOT_MANAGE },
      schema: {
        tags,
        summary: 'Register a sender ID or add a number bought elsewhere (draft)',
        description: 'A sender ID is 3 to 11 letters, digits or spaces with at least one letter; a number is E.164.',
        body: createSenderBodySchema,
        response: { 201: senderResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const row = await createSender(db, { actor: currentUser(request), body: request.body, ip: request.ip });
      return reply.status(201).send({ sender: presentSender(row) });
    },
  );

  app.get(
    '/api/senders/settings',
    {
      config: { auth: 'required', can: ['read', 'Sender'], refusal: CANNOT_READ },
      schema: { tags, summary: 'The sender rule', response: { 200: senderSettingsSchema, ...errorResponses(401, 403) } },
    },
    async () => readSenderSettings(db),
  );

  app.put(
    '/api/senders/settings',
    {
      config: { auth: 'required', can: ['update', 'Sender'], refusal: CANNOT_MANAGE },
      schema: {
        tags,
        summary: 'Change the sender rule',
        description:
          'With `restrictToList`, the integration API refuses a `senderId` that is not an approved number or sender ID (SENDER_NOT_LISTED).',
        body: senderSettingsSchema,
        response: { 200: senderSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveSenderSettings(db, { actor: currentUser(request), settings: request.body, ip: request.ip }),
  );

  app.get(
    '/api/senders/available',
    {
      config: { auth: 'required', can: ['create', 'Sender'], refusal: CANNOT_MANAGE },
      schema: {
        tags,
        summary: 'Numbers the provider offers (Twilio), with the monthly price of the type',
        description: 'Asks the Twilio account of `gatewayId`; its refusal answers 422 PROVIDER_REFUSED with its reason.',
        querystring: availableNumbersQuerySchema,
        response: { 200: availableNumbersResponseSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => searchNumbers(db, request.query, context),
  );

  app.post(
    '/api/senders/purchase',
    {
      config: { auth: 'required', can: ['create', 'Sender'], refusal: CANNOT_MANAGE },
      schema: {
        tags,
        summary: 'Buy a number through the provider (Twilio); its messages and status callbacks come to this server',
        body: purchaseNumberBodySchema,
        response: { 201: senderResponseSchema, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const row = await purchaseNumber(db, { actor: currentUser(request), body: request.body, context, ip: request.ip });
      return reply.status(201).send({ sender: presentSender(row) });
    },
  );

  app.get(
    '/api/senders/:id',
    {
      config: { auth: 'required', can: ['read', 'Sender'], refusal: CANNOT_READ, load: sender.load },
      schema: {
        tags,
        summary: 'One number or sender ID, with its messages per day (last 30 days)',
        params: senderParamsSchema,
        response: { 200: senderDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = sender.of(request);
      return { sender: presentSender(row), daily: await senderDaily(db, row.value) };
    },
  );

  app.put(
    '/api/senders/:id',
    {
      config: { auth: 'required', can: ['update', 'Sender'], refusal: CANNOT_MANAGE, load: sender.load },
      schema: {
        tags,
        summary: 'Change a number or sender ID (a new value sends its registration back to draft)',
        params: senderParamsSchema,
        body: updateSenderBodySchema,
        response: { 200: senderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await updateSender(db, { actor: currentUser(request), target: sender.of(request), body: request.body, ip: request.ip });
      return { sender: presentSender(row) };
    },
  );

  app.post(
    '/api/senders/:id/status',
    {
      config: { auth: 'required', can: ['update', 'Sender'], refusal: CANNOT_MANAGE, load: sender.load },
      schema: {
        tags,
        summary: 'Move the registration: draft, submitted, approved or rejected (with notes)',
        params: senderParamsSchema,
        body: senderStatusBodySchema,
        response: { 200: senderResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await changeSenderStatus(db, {
        actor: currentUser(request),
        target: sender.of(request),
        body: request.body,
        ip: request.ip,
      });
      return { sender: presentSender(row) };
    },
  );
};
