import { z } from 'zod';
import { API_SCOPES } from './policy.ts';

/** Limits of integration API keys. */
export const API_KEY_LIMITS = {
  nameMax: 100,
  cidrsMax: 50,
  /** Requests per second a key may make by default (editable per key). */
  defaultRateLimit: 50,
  rateLimitMax: 10_000,
  /** Hours a rotated key's replaced secret keeps working by default, and at most. */
  defaultOverlapHours: 24,
  overlapHoursMax: 168,
} as const;

/** The text every secret starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'smsk_';

const IPV4 = String.raw`(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)`;
const IPV4_CIDR = new RegExp(`^${IPV4}(?:/(?:3[0-2]|[12]?\\d))?$`);
const IPV6_CIDR = /^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*(?:\/(?:12[0-8]|1[01]\d|[1-9]?\d))?$/;

/** An address or address range in CIDR notation ('203.0.113.0/24', '2001:db8::/32', '198.51.100.7'). */
export const cidrSchema = z
  .string()
  .trim()
  .max(64)
  .refine((value) => IPV4_CIDR.test(value) || IPV6_CIDR.test(value), 'must be an IP address or a CIDR range such as 203.0.113.0/24');

/** An API key as the staff API presents it (never its secret). */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, to tell keys apart ('smsk_AbC1'). */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  expiresAt: z.string().nullable(),
  allowedCidrs: z.array(z.string()),
  rateLimit: z.number().int(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** After a rotation: when the replaced secret stops working (past once the overlap ended), else null. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(API_KEY_LIMITS.nameMax),
  scopes: z.array(z.enum(API_SCOPES)).min(1, 'choose at least one scope').max(API_SCOPES.length),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
  allowedCidrs: z.array(cidrSchema).max(API_KEY_LIMITS.cidrsMax).optional(),
  rateLimit: z.number().int().min(1).max(API_KEY_LIMITS.rateLimitMax).optional(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;

/** PATCH /api/api-keys/{id}: rename a key, change its rate limit or its scopes (addresses: a new key). */
export const updateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(API_KEY_LIMITS.nameMax).optional(),
  rateLimit: z.number().int().min(1).max(API_KEY_LIMITS.rateLimitMax).optional(),
  scopes: z.array(z.enum(API_SCOPES)).min(1, 'choose at least one scope').max(API_SCOPES.length).optional(),
});
export type UpdateApiKeyBody = z.infer<typeof updateApiKeyBodySchema>;
export const apiKeyResponseSchema = z.object({ apiKey: apiKeySchema });

export const apiKeyIdParamsSchema = z.object({ id: z.uuid('id must be a valid API key id') });
export const apiKeyListResponseSchema = z.object({ data: z.array(apiKeySchema) });
/** POST /api/api-keys/{id}/rotate: how long the replaced secret keeps working (0: it stops at once). */
export const rotateApiKeyBodySchema = z.object({
  overlapHours: z.number().min(0).max(API_KEY_LIMITS.overlapHoursMax).default(API_KEY_LIMITS.defaultOverlapHours),
});
export type RotateApiKeyBody = z.infer<typeof rotateApiKeyBodySchema>;

/** The answer to creating or rotating a key: the only time its secret is returned. */
export const createdApiKeyResponseSchema = z.object({ apiKey: apiKeySchema, secret: z.string() });
