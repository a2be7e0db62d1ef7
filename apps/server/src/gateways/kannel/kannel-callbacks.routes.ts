import { kannelCallbackParamsSchema, kannelInboundQuerySchema, kannelReceiptQuerySchema } from '@sms/contracts/gateway-kannel';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden, NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { sameToken } from '../callback-token.ts';
import type { DeliveryReceipt, InboundSms } from '../gateway.ts';
import { parseKannelInbound, parseKannelReceipt, rawQueryBytes } from './kannel-callbacks.ts';
import { KANNEL_CALLBACK_ROUTES } from './kannel-urls.ts';

/** Where Kannel's callbacks go once their token is checked (the engine's receipt and inbound paths). */
export interface KannelCallbackSink {
  receipts(gatewayId: string, receipts: DeliveryReceipt[]): Promise<void>;
  inbound(gatewayId: string, messages: InboundSms[]): Promise<void>;
}

export interface KannelCallbackOptions {
  /** The callback token of a Kannel gateway, or null when no Kannel gateway has this id. */
  resolveGateway(gatewayId: string): Promise<{ callbackToken: string } | null>;
  sink: KannelCallbackSink;
}

const tags = ['gateways'];

/**
 * Kannel's callbacks for every Kannel gateway: delivery reports (the dlr-url sent with each
 * message) and incoming messages (an sms-service's get-url). Kannel cannot sign, so the path
 * carries the gateway's secret token. Public (Kannel has no session) and outside the per-IP rate
 * limit (Kannel fetches receipts as fast as it sends). Both answer an empty 200: an sms-service
 * with an empty answer sends no reply (the platform sends its own answers).
 */
export const kannelCallbackRoutes: FastifyPluginAsyncZod<KannelCallbackOptions> = async (app, { resolveGateway, sink }) => {
  /** Finds the gateway (404) and checks the token (403). */
  const verify = async (gatewayId: string, token: string, log: { warn(details: object, message: string): void }) => {
    const gateway = await resolveGateway(gatewayId);
    if (!gateway) throw new NotFound('Kannel gateway not found');
    if (!sameToken(gateway.callbackToken, token)) {
      log.warn({ gatewayId }, 'Kannel callback refused: wrong token');
      throw new Forbidden('Invalid Kannel callback token');
    }
  };
  const routeConfig = { auth: 'public' as const, rateLimit: false as const };

  app.get(
    KANNEL_CALLBACK_ROUTES.receipt,
    {
      config: routeConfig,
      schema: {
        tags,
        summary: 'Kannel delivery report (dlr-url)',
        description:
          'Kannel fetches this dlr-url, sent with every message, for each report: 1 delivered, 2 undelivered and 16 refused by the SMSC become delivery receipts; 4 and 8 are steps on the way.',
        params: kannelCallbackParamsSchema,
        querystring: kannelReceiptQuerySchema,
        response: { 200: z.string().describe('Empty'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { gatewayId, token } = request.params;
      await verify(gatewayId, token, request.log);
      const receipt = parseKannelReceipt(request.query);
      if (receipt) await sink.receipts(gatewayId, [receipt]);
      return reply.status(200).type('text/plain; charset=utf-8').send('');
    },
  );

  app.get(
    KANNEL_CALLBACK_ROUTES.inbound,
    {
      config: routeConfig,
      schema: {
        tags,
        summary: 'Kannel incoming message (sms-service get-url)',
        description:
          "The get-url of the sms-service that hands this gateway's incoming messages over (the gateways screen shows it). Answers an empty body: Kannel sends no reply.",
        params: kannelCallbackParamsSchema,
        querystring: kannelInboundQuerySchema,
        response: { 200: z.string().describe('Empty'), ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { gatewayId, token } = request.params;
      await verify(gatewayId, token, request.log);
      // The text as Kannel sent it (UCS-2 or a charset of its own), not as the query parser read it.
      const message = parseKannelInbound(request.query, rawQueryBytes(request.raw.url ?? '', 'text'));
      await sink.inbound(gatewayId, [message]);
      return reply.status(200).type('text/plain; charset=utf-8').send('');
    },
  );
};
