import { twilioWebhookFormSchema, twilioWebhookParamsSchema } from '@sms/contracts/gateway-twilio';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Forbidden, NotFound, ValidationError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { parseForm } from '../form-body.ts';
import type { DeliveryReceipt, InboundSms } from '../gateway.ts';
import { parseInboundMessage, parseStatusCallback, TwilioFormInvalid } from './twilio-callbacks.ts';
import { isValidTwilioSignature, type TwilioParams } from './twilio-signature.ts';
import { TWILIO_WEBHOOK_ROUTES } from './twilio-urls.ts';

/** Where verified webhooks go (the engine's batched receipt and inbound paths). */
export interface TwilioWebhookSink {
  receipts(gatewayId: string, receipts: DeliveryReceipt[]): Promise<void>;
  inbound(gatewayId: string, messages: InboundSms[]): Promise<void>;
}

export interface TwilioWebhookOptions {
  /** The auth token of a Twilio gateway, or null when no Twilio gateway has this id. */
  resolveGateway(gatewayId: string): Promise<{ authToken: string } | null>;
  /** PUBLIC_URL: the signed URL is PUBLIC_URL + path + query; without it, rebuilt from the request. */
  publicUrl: string | undefined;
  sink: TwilioWebhookSink;
}

/** Twilio's forms are small (an SMS body is at most 1,600 characters). */
const FORM_BODY_LIMIT = 64 * 1024;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';
const tags = ['gateways'];

/**
 * Twilio's webhooks for every Twilio gateway: delivery status callbacks and incoming messages,
 * each checked against X-Twilio-Signature with that gateway's auth token. Public (Twilio has no
 * session) and outside the per-IP rate limit (Twilio posts receipts as fast as we send).
 */
export const twilioWebhookRoutes: FastifyPluginAsyncZod<TwilioWebhookOptions> = async (app, { resolveGateway, publicUrl, sink }) => {
  // Scoped to this plugin: the rest of the API keeps answering 415 to form posts.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, parseForm(String(body)));
    },
  );

  /** The URL Twilio signed: as configured (PUBLIC_URL) or as this request reached us (proxy headers per TRUST_PROXY). */
  const signedUrl = (request: FastifyRequest) =>
    publicUrl ? `${publicUrl.replace(/\/+$/, '')}${request.originalUrl}` : `${request.protocol}://${request.host}${request.originalUrl}`;

  /** Finds the gateway (404) and checks the signature (403); answers the verified form. */
  const verified = async (request: FastifyRequest, gatewayId: string, form: TwilioParams): Promise<TwilioParams> => {
    const gateway = await resolveGateway(gatewayId);
    if (!gateway) throw new NotFound('Twilio gateway not found');
    const signature = request.headers['x-twilio-signature'];
    const url = signedUrl(request);
    if (typeof signature !== 'string' || !isValidTwilioSignature(gateway.authToken, signature, url, form)) {
      // The URL helps find a PUBLIC_URL or proxy mismatch; the signature and token stay out of logs.
      request.log.warn(
        { gatewayId, url, signature: typeof signature === 'string' ? 'mismatch' : 'missing' },
        'Twilio webhook refused: bad signature',
      );
      throw new Forbidden('Invalid Twilio signature');
    }
    return form;
  };

  /** Runs a form parser, turning a missing field into a 400 that names it. */
  const parsed = <T>(parse: () => T): T => {
    try {
      return parse();
    } catch (error) {
      if (error instanceof TwilioFormInvalid) throw new ValidationError(error.field, error.message);
      throw error;
    }
  };

  const routeConfig = { auth: 'public' as const, rateLimit: false as const };

  app.post(
    TWILIO_WEBHOOK_ROUTES.status,
    {
      config: routeConfig,
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Twilio message status callback (signed by Twilio)',
        description:
          'Twilio posts here as a message moves on; delivered, undelivered and failed become delivery receipts. Requires a valid X-Twilio-Signature.',
        params: twilioWebhookParamsSchema,
        body: twilioWebhookFormSchema.optional(),
        response: { 204: z.undefined(), ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { gatewayId } = request.params;
      const form = await verified(request, gatewayId, request.body ?? {});
      const receipt = parsed(() => parseStatusCallback(form));
      if (receipt) await sink.receipts(gatewayId, [receipt]);
      return reply.status(204).send();
    },
  );

  app.post(
    TWILIO_WEBHOOK_ROUTES.inbound,
    {
      config: routeConfig,
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Twilio incoming message webhook (signed by Twilio)',
        description:
          'Set as "A message comes in" on the Twilio number or Messaging Service. Answers empty TwiML: replies are sent by the platform, not in the answer.',
        params: twilioWebhookParamsSchema,
        body: twilioWebhookFormSchema.optional(),
        response: { 200: z.string().describe('Empty TwiML <Response/> (text/xml)'), ...errorResponses(400, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      const { gatewayId } = request.params;
      const form = await verified(request, gatewayId, request.body ?? {});
      const message = parsed(() => parseInboundMessage(form));
      await sink.inbound(gatewayId, [message]);
      return reply.status(200).type('text/xml; charset=utf-8').send(EMPTY_TWIML);
    },
  );
};
