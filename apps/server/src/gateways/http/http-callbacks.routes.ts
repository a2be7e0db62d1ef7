import { randomUUID } from 'node:crypto';
import { httpCallbackParamsSchema, type HttpConfig } from '@sms/contracts/gateway-http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden, NotFound, ValidationError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { sameToken } from '../callback-token.ts';
import { parseForm } from '../form-body.ts';
import type { DeliveryReceipt, InboundSms } from '../gateway.ts';
import { callbackItems, HttpCallbackInvalid, parseHttpInbound, parseHttpReceipt } from './http-callbacks.ts';
import { HTTP_CALLBACK_ROUTES } from './http-urls.ts';

/** Where the callbacks go once their token is checked (the engine's receipt and inbound paths). */
export interface HttpCallbackSink {
  receipts(gatewayId: string, receipts: DeliveryReceipt[]): Promise<void>;
  inbound(gatewayId: string, messages: InboundSms[]): Promise<void>;
}

export interface HttpCallbackOptions {
  /** The callback token and settings of an http gateway, or null when no http gateway has this id. */
  resolveGateway(gatewayId: string): Promise<{ callbackToken: string; config: HttpConfig } | null>;
  sink: HttpCallbackSink;
}

/** Callbacks are small: one receipt or message, or a provider's batch of them. */
const BODY_LIMIT = 256 * 1024;
const tags = ['gateways'];

/** The provider's fields: any names, read through the gateway's mapping. */
const fieldsSchema = z.looseObject({}).describe("The provider's fields, read through the gateway's mapping (receipt or inbound fields)");
const bodySchema = z
  .union([fieldsSchema, z.array(fieldsSchema)])
  .optional()
  .describe('Form or JSON fields (a JSON array: one callback per element)');

/**
 * The http kind's callbacks for every http gateway: delivery reports and incoming messages, by GET
 * (query) or POST (form or JSON), read through the gateway's field mapping. Like Kannel's, the
 * path carries the gateway's secret token (providers sign in ways of their own, or not at all);
 * public and outside the per-IP rate limit. Both answer an empty 200.
 */
export const httpCallbackRoutes: FastifyPluginAsyncZod<HttpCallbackOptions> = async (app, { resolveGateway, sink }) => {
  // Scoped to this plugin: the rest of the API keeps answering 415 to form posts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });

  /** Finds the gateway (404), checks the token (403) and answers its settings. */
  const verify = async (request: FastifyRequest, gatewayId: string, token: string): Promise<HttpConfig> => {
    const gateway = await resolveGateway(gatewayId);
    if (!gateway) throw new NotFound('HTTP gateway not found');
    if (!sameToken(gateway.callbackToken, token)) {
      request.log.warn({ gatewayId }, 'HTTP gateway callback refused: wrong token');
      throw new Forbidden('Invalid HTTP gateway callback token');
    }
    return gateway.config;
  };

  /** Runs a reader, turning a missing mapped field into a 400 that names it. */
  const parsed = <T>(parse: () => T): T => {
    try {
      return parse();
    } catch (error) {
      if (error instanceof HttpCallbackInvalid) throw new ValidationError(error.field, error.message);
      throw error;
    }
  };

  type CallbackRequest = FastifyRequest<{
    Params: { gatewayId: string; token: string };
    Querystring: Record<string, unknown>;
    Body?: unknown;
  }>;

  const receipt = async (request: CallbackRequest, reply: FastifyReply) => {
    const { gatewayId, token } = request.params;
    const config = await verify(request, gatewayId, token);
    const now = new Date();
    const receipts = parsed(() => callbackItems(request.query, request.body).map((fields) => parseHttpReceipt(config, fields, now)));
    const final = receipts.filter((item): item is DeliveryReceipt => item !== null);
    if (final.length > 0) await sink.receipts(gatewayId, final);
    return reply.status(200).type('text/plain; charset=utf-8').send('');
  };

  const inbound = async (request: CallbackRequest, reply: FastifyReply) => {
    const { gatewayId, token } = request.params;
    const config = await verify(request, gatewayId, token);
    const now = new Date();
    const messages = parsed(() =>
      callbackItems(request.query, request.body).map((fields) => parseHttpInbound(config, fields, randomUUID, now)),
    );
    await sink.inbound(gatewayId, messages);
    return reply.status(200).type('text/plain; charset=utf-8').send('');
  };

  const routeConfig = { auth: 'public' as const, rateLimit: false as const };
  const response = { 200: z.string().describe('Empty'), ...errorResponses(400, 403, 404, 413, 415) };
  const receiptDoc = {
    tags,
    summary: 'HTTP gateway delivery report',
    description:
      "The provider's delivery reports (GET query, or POST form or JSON): the gateway's receiptIdField, receiptStatusField and status values decide; other statuses are steps on the way.",
    params: httpCallbackParamsSchema,
    querystring: fieldsSchema,
  };
  const inboundDoc = {
    tags,
    summary: 'HTTP gateway incoming message',
    description:
      "The provider's incoming messages (GET query, or POST form or JSON), read through the gateway's inboundFromField, inboundToField, inboundTextField and inboundIdField. Answers an empty body: replies are sent by the platform.",
    params: httpCallbackParamsSchema,
    querystring: fieldsSchema,
  };
  app.get(HTTP_CALLBACK_ROUTES.receipt, { config: routeConfig, schema: { ...receiptDoc, response } }, receipt);
  app.post(
    HTTP_CALLBACK_ROUTES.receipt,
    { config: routeConfig, bodyLimit: BODY_LIMIT, schema: { ...receiptDoc, body: bodySchema, response } },
    receipt,
  );
  app.get(HTTP_CALLBACK_ROUTES.inbound, { config: routeConfig, schema: { ...inboundDoc, response } }, inbound);
  app.post(
    HTTP_CALLBACK_ROUTES.inbound,
    { config: routeConfig, bodyLimit: BODY_LIMIT, schema: { ...inboundDoc, body: bodySchema, response } },
    inbound,
  );
};
