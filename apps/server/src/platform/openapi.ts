import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { errorResponseSchema } from '@sms/contracts/errors';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteAuth } from './auth.ts';
import { permissionDocument } from './authorization.ts';
import { PRODUCT_VERSION } from './product-version.ts';

type SecurityRequirement = Record<string, string[]>;

/**
 * An operation's `security`, derived from its route's `config.auth` (decision 004) so the document
 * cannot disagree with what the server does: required -> the bearer token; optional -> no
 * token or the bearer token; apiKey -> an integration API key; public -> none.
 */
export function securityOf(auth: RouteAuth | undefined): SecurityRequirement[] | undefined {
  if (auth === 'required') return [{ bearerAuth: [] }];
  if (auth === 'optional') return [{}, { bearerAuth: [] }];
  if (auth === 'apiKey') return [{ apiKeyAuth: [] }];
  return undefined;
}

/**
 * OpenAPI generated from the zod schemas of the routes (never written by hand), served as JSON at
 * /api/docs/json with Swagger UI at /api/docs. Must be registered before the routes. Each
 * operation's `security` comes from its route's `config.auth` and its `x-permission` from its
 * `config.can`, never from its schema.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl?: string | undefined }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SMS Management System API',
        description:
          'HTTP API of the SMS communication platform. Authenticate with `Authorization: Bearer <token>` from POST /api/users/login.',
        version: PRODUCT_VERSION,
      },
      servers: options.publicUrl ? [{ url: options.publicUrl }] : [],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKeyAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'smsk_...',
            description: 'An integration API key (Configurations -> Developers), accepted on /api/v1 only.',
          },
        },
      },
      tags: [
        {
          name: 'integration',
          description:
            'The integration API (/api/v1) for other software: authenticate with `Authorization: Bearer smsk_...`, an API key created under Configurations -> Developers.',
        },
      ],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const security = securityOf(input.route.config?.auth);
      // Who may call it: the declaration the authorization hook enforces (decision 080).
      const permission = permissionDocument(input.route.config ?? {});
      return {
        ...transformed,
        schema: { ...transformed.schema, ...(security ? { security } : {}), ...(permission ? { 'x-permission': permission } : {}) },
      };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // Swagger UI is a third-party page: it injects <style> tags we cannot give our nonce, so its
    // own routes get a CSP that allows inline styles. Scripts stay 'self' only.
    transformStaticCSP: (header) => header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
}

/** Error answers of a route, for its response schema (documents them in OpenAPI). */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<S, typeof errorResponseSchema>;
}
