import { z } from 'zod';
import { listResponseSchema } from './lists.ts';

export const GATEWAY_KINDS = ['simulator', 'smpp', 'twilio', 'kannel', 'http'] as const;
export type GatewayKind = (typeof GATEWAY_KINDS)[number];

/** The gateway every installation starts with (created by the migration): the simulator. */
export const DEFAULT_SIMULATOR_GATEWAY_ID = '00000000-0000-4000-8000-000000000001';

/**
 * The state of a gateway's link to its carrier (SMPP: the bind) as the worker processes see it:
 * connected, retrying after a loss or a failed attempt, or refused (credentials: no automatic
 * retry). `since`: when it entered that state (for a retrying link, when it was lost).
 */
export const GATEWAY_LINK_STATES = ['connected', 'retrying', 'refused'] as const;
export type GatewayLinkState = (typeof GATEWAY_LINK_STATES)[number];
export const gatewayLinkSchema = z.object({
  state: z.enum(GATEWAY_LINK_STATES),
  /** Why it is not connected (the last failure); null when connected. */
  reason: z.string().nullable(),
  since: z.string(),
});
export type GatewayLink = z.infer<typeof gatewayLinkSchema>;

/**
 * Where a provider calls this server back, for its own configuration (Kannel: the sms-service
 * get-url for kannel.conf, and the form of the dlr-url sent with each message). The URLs carry the
 * gateway's secret token: only administrators see them.
 */
export const gatewayCallbacksSchema = z.object({ inbound: z.string(), receipts: z.string() });
export type GatewayCallbacks = z.infer<typeof gatewayCallbacksSchema>;

/**
 * A gateway as the API presents it. `config` holds the kind's settings (see gateway-simulator.ts,
 * gateway-smpp.ts, gateway-twilio.ts, gateway-kannel.ts, gateway-http.ts); secrets are never returned, only the names of those set.
 */
export const gatewaySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(GATEWAY_KINDS),
  config: z.record(z.string(), z.unknown()),
  secretsSet: z.array(z.string()),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  /** Messages per second shared by every campaign and worker process; null = unlimited. */
  rateLimit: z.number().nullable(),
  /**
   * Its link as the running workers report it (the worst of them), null when none keeps one
   * (simulator, Twilio, or no worker has opened it yet).
   */
  link: gatewayLinkSchema.nullable(),
  /** Its callback URLs (Kannel, http), for administrators; null for other kinds, other roles, or without a base URL. */
  callbacks: gatewayCallbacksSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Gateway = z.infer<typeof gatewaySchema>;

const nameSchema = z.string({ error: 'name is required' }).trim().min(1, 'name is required').max(80, 'name must be at most 80 characters');
const rateLimitSchema = z
  .number()
  .int('rateLimit must be a whole number')
  .min(1, 'rateLimit must be at least 1')
  .max(100_000, 'rateLimit must be at most 100000')
  .nullable();
/** Secret values by name; on update an omitted or empty value keeps the stored one. */
const secretsSchema = z.record(z.string(), z.string().max(500, 'secrets must be at most 500 characters'));

/** POST /api/gateways. `config` and `secrets` are checked against the kind's own schema. */
export const createGatewayBodySchema = z.object({
  name: nameSchema,
  kind: z.enum(GATEWAY_KINDS, { error: `kind must be one of ${GATEWAY_KINDS.join(', ')}` }),
  config: z.record(z.string(), z.unknown()).default({}),
  secrets: secretsSchema.default({}),
  isDefault: z.boolean().default(false),
  enabled: z.boolean().default(true),
  rateLimit: rateLimitSchema.default(null),
});
export type CreateGatewayBody = z.infer<typeof createGatewayBodySchema>;

/** PUT /api/gateways/{id}: any subset (the kind cannot change). */
export const updateGatewayBodySchema = z
  .object({
    name: nameSchema,
    config: z.record(z.string(), z.unknown()),
    secrets: secretsSchema,
    isDefault: z.literal(true, { error: 'isDefault can only be set to true (make another gateway the default instead)' }),
    enabled: z.boolean(),
    rateLimit: rateLimitSchema,
  })
  .partial();
export type UpdateGatewayBody = z.infer<typeof updateGatewayBodySchema>;

export const gatewayIdParamsSchema = z.object({ id: z.uuid('id must be a valid gateway id') });
export const gatewayResponseSchema = z.object({ gateway: gatewaySchema });
export const gatewayListResponseSchema = listResponseSchema(gatewaySchema);

/** POST /api/gateways/{id}/test: connects and checks credentials without sending. */
export const gatewayTestResponseSchema = z.object({ ok: z.boolean(), message: z.string() });
export type GatewayTestResult = z.infer<typeof gatewayTestResponseSchema>;

export const GATEWAY_ERROR_CODES = { inUse: 'GATEWAY_IN_USE', lastDefault: 'GATEWAY_DEFAULT' } as const;
