import { httpConfigSchema, httpSecretsSchema } from '@sms/contracts/gateway-http';
import { kannelConfigSchema, kannelSecretsSchema } from '@sms/contracts/gateway-kannel';
import type { GatewayCallbacks, GatewayKind } from '@sms/contracts/gateways';
import { simulatorConfigSchema, simulatorSecretsSchema } from '@sms/contracts/gateway-simulator';
import { smppConfigSchema, smppSecretsSchema } from '@sms/contracts/gateway-smpp';
import { twilioConfigSchema, twilioSecretsSchema } from '@sms/contracts/gateway-twilio';
import type { z } from 'zod';
import type { Clock, GatewayEvents, GatewayLogger, SmsGateway } from '../../gateways/gateway.ts';
import { callbackBase, withCallbackToken } from '../../gateways/callback-token.ts';
import { createHttpGateway } from '../../gateways/http/http-gateway.ts';
import { httpInboundUrl, httpReceiptsUrl } from '../../gateways/http/http-urls.ts';
import { createKannelGateway } from '../../gateways/kannel/kannel-gateway.ts';
import { kannelCallbackBase, kannelInboundUrl, kannelReceiptUrl } from '../../gateways/kannel/kannel-urls.ts';
import { createSimulatorGateway } from '../../gateways/simulator/simulator-gateway.ts';
import { createSmppGateway } from '../../gateways/smpp/smpp-gateway.ts';
import { createTwilioGateway } from '../../gateways/twilio/twilio-gateway.ts';
import { twilioStatusCallbackUrl } from '../../gateways/twilio/twilio-urls.ts';
import { ValidationError } from '../../platform/errors.ts';
import { LINK_LOCAL_REFUSED, outboundRefused } from '../../platform/outbound-address.ts';

/** What a gateway instance is built from: the kind's parsed settings plus deployment facts. */
export interface GatewayContext {
  /** The gateway row's id (Twilio status callback URLs carry it). */
  gatewayId: string;
  publicUrl: string | undefined;
  /** The process's clock (gateways stamp what they receive with it). */
  clock: Clock;
  /** Where a gateway logs (SMPP: bind, loss at warn level, reconnection); silent when absent. */
  logger?: GatewayLogger;
  /** Twilio's REST address: TWILIO_DEFAULT_API_BASE_URL unless TWILIO_API_BASE_URL (tests) says otherwise. */
  twilioApiBaseUrl: string;
}

/** One kind of gateway: how its settings are checked and how an instance is made. */
export interface GatewayKindDefinition {
  configSchema: z.ZodType<Record<string, unknown>>;
  secretsSchema: z.ZodType<Record<string, unknown>>;
  create(
    settings: { config: Record<string, unknown>; secrets: Record<string, unknown> },
    events: GatewayEvents,
    context: GatewayContext,
  ): SmsGateway;
  /** Addresses the gateway connects to, by config field (link-local ones are refused). */
  outboundHosts?(config: Record<string, unknown>): Array<[field: string, host: string]>;
  /** Secrets the server makes itself when a gateway is saved without them (Kannel's callback token). */
  completeSecrets?(secrets: Record<string, unknown>): Record<string, unknown>;
  /** Where the provider calls back (for its configuration; shown to admins), null when it cannot yet. */
  callbacks?(
    settings: { config: Record<string, unknown>; secrets: Record<string, unknown> },
    context: { gatewayId: string; publicUrl: string | undefined },
  ): GatewayCallbacks | null;
}

/** Every gateway kind the server can run. */
export const GATEWAY_KIND_DEFINITIONS: Record<GatewayKind, GatewayKindDefinition> = {
  simulator: {
    configSchema: simulatorConfigSchema as unknown as z.ZodType<Record<string, unknown>>,
    secretsSchema: simulatorSecretsSchema,
    create: (settings, events, context) =>
      createSimulatorGateway(simulatorConfigSchema.parse(settings.config), events, undefined, context.clock),
  },
  smpp: {
    configSchema: smppConfigSchema as unknown as z.ZodType<Record<string, unknown>>,
    secretsSchema: smppSecretsSchema as unknown as z.ZodType<Record<string, unknown>>,
    create: (settings, events, context) =>
      createSmppGateway(
        { config: smppConfigSchema.parse(settings.config), secrets: smppSecretsSchema.parse(settings.secrets) },
        events,
        context.logger,
        { clock: context.clock },
      ),
    outboundHosts: (config) => [['host', String(config.host)]],
  },
  twilio: {
    configSchema: twilioConfigSchema as unknown as z.ZodType<Record<string, unknown>>,
    secretsSchema: twilioSecretsSchema as unknown as z.ZodType<Record<string, unknown>>,
    // Receipts and replies reach the API's webhook routes, not these events.
    create: (settings, events, context) =>
      createTwilioGateway(
        {
          config: twilioConfigSchema.parse(settings.config),
          secrets: twilioSecretsSchema.parse(settings.secrets),
          statusCallbackUrl: twilioStatusCallbackUrl(context.publicUrl, context.gatewayId),
          apiBaseUrl: context.twilioApiBaseUrl,
        },
        events,
      ),
  },
  kannel: {
    configSchema: kannelConfigSchema as unknown as z.ZodType<Record<string, unknown>>,
    secretsSchema: kannelSecretsSchema as unknown as z.ZodType<Record<string, unknown>>,
    // Receipts and incoming messages reach the API's callback routes, not these events.
    create: (settings, events, context) => {
      const config = kannelConfigSchema.parse(settings.config);
      return createKannelGateway(
        {
          config,
          secrets: kannelSecretsSchema.parse(settings.secrets),
          gatewayId: context.gatewayId,
          callbackBase: kannelCallbackBase(config.callbackBaseUrl, context.publicUrl),
        },
        events,
        context.logger,
      );
    },
    outboundHosts: (config) => [['sendsmsUrl', new URL(String(config.sendsmsUrl)).hostname.replace(/^\[|\]$/g, '')]],
    // The token is the callbacks' only credential (Kannel cannot sign).
    completeSecrets: withCallbackToken,
    callbacks: (settings, context) => {
      const token = settings.secrets.callbackToken;
      const base = kannelCallbackBase(settings.config.callbackBaseUrl as string | null | undefined, context.publicUrl);
      if (!base || typeof token !== 'string' || !token) return null;
      return {
        inbound: kannelInboundUrl(base, context.gatewayId, token),
        receipts: kannelReceiptUrl(base, context.gatewayId, token, '<message id>'),
      };
    },
  },
  http: {
    configSchema: httpConfigSchema as unknown as z.ZodType<Record<string, unknown>>,
    secretsSchema: httpSecretsSchema as unknown as z.ZodType<Record<string, unknown>>,
    // Receipts and incoming messages reach the API's callback routes, not these events.
    create: (settings, events, context) => {
      const config = httpConfigSchema.parse(settings.config);
      return createHttpGateway(
        {
          config,
          secrets: httpSecretsSchema.parse(settings.secrets),
          gatewayId: context.gatewayId,
          callbackBase: callbackBase(config.callbackBaseUrl, context.publicUrl),
        },
        events,
        context.logger,
      );
    },
    outboundHosts: (config) => [['sendUrl', new URL(String(config.sendUrl)).hostname.replace(/^\[|\]$/g, '')]],
    // The token is the callbacks' only credential (providers sign in ways of their own, or not at all).
    completeSecrets: withCallbackToken,
    callbacks: (settings, context) => {
      const token = settings.secrets.callbackToken;
      const base = callbackBase(settings.config.callbackBaseUrl as string | null | undefined, context.publicUrl);
      if (!base || typeof token !== 'string' || !token) return null;
      return { inbound: httpInboundUrl(base, context.gatewayId, token), receipts: httpReceiptsUrl(base, context.gatewayId, token) };
    },
  },
};

/** The definition of a kind. */
export function kindDefinition(kind: GatewayKind): GatewayKindDefinition {
  return GATEWAY_KIND_DEFINITIONS[kind];
}

/**
 * Parses settings against a kind's schema; a failure is a 400 naming `config.<field>` or
 * `secrets.<field>`. Secrets the server makes (completeSecrets) are filled in when missing.
 */
export function parseKindSettings(kind: GatewayKind, config: Record<string, unknown>, secrets: Record<string, unknown>) {
  const definition = kindDefinition(kind);
  const parse = (part: 'config' | 'secrets', schema: z.ZodType<Record<string, unknown>>, value: Record<string, unknown>) => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const path = issue?.path.length ? `${part}.${issue.path.join('.')}` : part;
    throw new ValidationError(path, issue?.message ?? `${part} is invalid`);
  };
  const parsedConfig = parse('config', definition.configSchema, config);
  const parsedSecrets = parse('secrets', definition.secretsSchema, secrets);
  const parsed = {
    config: parsedConfig,
    secrets: definition.completeSecrets ? definition.completeSecrets(parsedSecrets) : parsedSecrets,
  };
  // Saved or stored, a gateway may not point at the cloud's metadata service (unless allowed).
  for (const [field, host] of definition.outboundHosts?.(parsed.config) ?? []) {
    if (outboundRefused(host)) throw new ValidationError(`config.${field}`, `${field} ${host}: ${LINK_LOCAL_REFUSED}`);
  }
  return parsed;
}
