import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { errorResponseSchema } from '@sms/contracts/errors';
import { z } from 'zod';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { RouteAuth } from './auth.ts';
import { permissionDocument } from './authorization.ts';
import { nameSharedSchemas } from './openapi-components.ts';
import { completeDocument, ROUTE_FACTS, type RouteFacts } from './openapi-document.ts';
import { PRODUCT_VERSION } from './product-version.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A credential the route checks itself instead of `auth` (which is then `public`), named so
     * the OpenAPI document states it: `backupToken`, the backup endpoint's token from
     * DATA_DIR/backup-endpoint.json, from this machine only.
     */
    credential?: 'backupToken';
  }
}

type SecurityRequirement = Record<string, string[]>;

/**
 * An operation's `security`, derived from its route's `config.auth` (decision 004) so the document
 * cannot disagree with what the server does: required -> the bearer token; optional -> no
 * token or the bearer token; apiKey -> an integration API key; public -> none (`[]`); a route's
 * own `credential` -> that scheme.
 */
export function securityOf(auth: RouteAuth | undefined, credential?: 'backupToken'): SecurityRequirement[] {
  if (credential) return [{ [credential]: [] }];
  if (auth === 'required') return [{ bearerAuth: [] }];
  if (auth === 'optional') return [{}, { bearerAuth: [] }];
  if (auth === 'apiKey') return [{ apiKeyAuth: [] }];
  // Stated, not left out: an operation without `security` would leave it unsaid.
  return [];
}

/**
 * OpenAPI generated from the zod schemas of the routes (never written by hand), served as JSON at
 * /api/docs/json with Swagger UI at /api/docs. Must be registered before the routes. Each
 * operation's `security` comes from its route's `config.auth` and its `x-permission` from its
 * `config.can`, never from its schema.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl?: string | undefined }): Promise<void> {
  nameSharedSchemas();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SMS Management System API',
        description:
          'HTTP API of the SMS communication platform. Authenticate with `Authorization: Bearer <token>` from POST /api/users/login.',
        version: PRODUCT_VERSION,
      },
      // Set by completeDocument: given here, the plugin cuts a server's path from the routes' paths
      // (a PUBLIC_URL of https://host/api would turn /api/users into /users).
      servers: [],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKeyAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'smsk_...',
            description: 'An integration API key (Configurations -> Developers), accepted on /api/v1 only.',
          },
          backupToken: {
            type: 'apiKey',
            in: 'header',
            name: 'x-backup-token',
            description: 'The token in DATA_DIR/backup-endpoint.json, accepted from this machine (loopback) only: `npm run backup`.',
          },
        },
      },
      tags: [
        {
          name: 'integration',
          description:
            'The integration API (/api/v1) for other software: authenticate with `Authorization: Bearer smsk_...`, an API key created under Configurations -> Developers.',
        },
        { name: 'webhooks', description: 'What we POST to your endpoints (Configurations -> Developers), signed as Standard Webhooks.' },
      ],
    },
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const config = input.route.config ?? {};
      const security = securityOf(config.auth, config.credential);
      // Who may call it: the declaration the authorization hook enforces (decision 080).
      const permission = permissionDocument(config);
      const cells =
        permission && !('anyone' in permission)
          ? [...(permission.all as string[]), ...((permission.depending as string[] | undefined) ?? [])]
          : [];
      const facts: RouteFacts = { unbudgeted: config.rateLimit === false, mayForbid: Boolean(config.scope) || cells.length > 0 };
      return {
        ...transformed,
        schema: { ...transformed.schema, security, ...(permission ? { 'x-permission': permission } : {}), [ROUTE_FACTS]: facts },
      };
    },
    transformObject: (input) => completeDocument(jsonSchemaTransformObject(input), options),
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

// Typed as unknown: a route sends a stream, a Buffer or text, never serialized by its schema.
const fileBody = z.unknown().meta({ type: 'string', format: 'binary' });

/**
 * A 200 whose body is a file or a stream rather than JSON, by its media types, for a route's
 * response schema: the document then says what comes back instead of an empty JSON schema.
 */
export function fileAnswer(description: string, ...mediaTypes: [string, ...string[]]) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: fileBody }])) };
}
