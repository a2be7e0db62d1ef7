import { WEBHOOK_EVENT_SCHEMAS, WEBHOOK_EVENTS } from '@sms/contracts/webhooks';

/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document is plain JSON, walked generically */
type Json = Record<string, any>;

/** What the route transform knows of a route and the document does not say; removed before the document is served. */
export const ROUTE_FACTS = 'x-route-facts';
export interface RouteFacts {
  /** Outside the request budgets (`config.rateLimit: false`): never a 429. */
  unbudgeted: boolean;
  /** The route declares policy cells or an API key scope: a 403 is possible. */
  mayForbid: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** What an answer means, for answers whose route gives no description of its own. */
const DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: carried out in the background',
  204: 'Done (no body)',
  206: 'The requested part of the file',
  304: 'Not modified: the copy you hold (If-None-Match) is current',
  400: 'Invalid input: `field` names the field that failed, `message` says why',
  401: 'No valid credential: sign in again, or send a valid API key',
  403: 'Signed in, but this role, key scope or address may not do this',
  404: 'Not found (or deleted)',
  405: 'This address does not take this method; `Allow` lists the ones it does',
  409: 'Conflicts with the current state: `code` says which (see the error catalogue)',
  413: 'The body or file is larger than this route takes',
  415: 'This content type (or file type) is not taken here',
  422: 'Well formed, but cannot be carried out as things stand: `code` says why',
  429: 'Too many requests: retry after `Retry-After` seconds',
  503: 'Unavailable for a moment (database unreachable, or maintenance mode): retry after `Retry-After` seconds',
};

const HEADERS: Json = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } },
  'RateLimit-Limit': { description: 'Requests the budget holds per window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in this window.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the budget is whole again.', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Policy': { description: 'The budget as `limit;w=window seconds`, e.g. `50;w=1`.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key: nothing was sent again.',
    schema: { type: 'string', enum: ['true'] },
  },
};
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'];
/** The sends that take an Idempotency-Key and may answer a replay. */
const IDEMPOTENT_SENDS = new Set(['post /api/v1/messages', 'post /api/v1/messages/batch']);

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable camelCase operationId from the method and the route pattern, so no route file has to
 * name one: `GET /api/users/{id}` -> getUsersById, `POST /api/v1/messages/batch` ->
 * postV1MessagesBatch. A route may still declare its own (`schema.operationId`).
 */
export function operationIdOf(method: string, path: string): string {
  const words = (path.replace(/^\/api(?=\/|$)/, '').match(/\{\w+\}|[A-Za-z0-9]+/g) ?? ['root']).map((token) =>
    token.startsWith('{') ? `By${capitalized(token.slice(1, -1))}` : capitalized(token.toLowerCase()),
  );
  return `${method.toLowerCase()}${words.join('')}`;
}

function errorAnswer(status: string, headers: string[]): Json {
  return {
    description: DESCRIPTIONS[status] ?? 'Error',
    ...(headers.length ? { headers: Object.fromEntries(headers.map((name) => [name, headerRef(name)])) } : {}),
    content: { 'application/json': { schema: ERROR_REF } },
  };
}

/** The error answers every operation of its kind can give, besides those its route declares. */
function implicitErrors(path: string, operation: Json, facts: RouteFacts | undefined): string[] {
  const security: Array<Record<string, string[]>> = operation.security ?? [];
  const credentialed = security.some((requirement) => Object.keys(requirement).length > 0);
  const statuses: string[] = [];
  if (operation.parameters?.length || operation.requestBody) statuses.push('400');
  if (credentialed) statuses.push('401');
  if (facts?.mayForbid) statuses.push('403');
  if (path.includes('{')) statuses.push('404');
  if (operation.requestBody) statuses.push('413', '415');
  if (path.startsWith('/api/') && !facts?.unbudgeted) statuses.push('429');
  if (path.startsWith('/api/')) statuses.push('503');
  return statuses;
}

function completeResponses(method: string, path: string, operation: Json, facts: RouteFacts | undefined): void {
  const responses: Json = operation.responses ?? {};
  for (const status of implicitErrors(path, operation, facts)) responses[status] ??= errorAnswer(status, []);
  const integration = path.startsWith('/api/v1/');
  for (const [status, response] of Object.entries<Json>(responses)) {
    if (!response.description || response.description === 'Default Response') response.description = DESCRIPTIONS[status] ?? 'Answer';
    const headers: string[] = [];
    if (status === '429' || status === '503') headers.push('Retry-After');
    if (integration) headers.push(...RATE_LIMIT_HEADERS);
    if (status.startsWith('2') && IDEMPOTENT_SENDS.has(`${method} ${path}`)) headers.push('Idempotent-Replayed');
    if (headers.length) response.headers = { ...response.headers, ...Object.fromEntries(headers.map((name) => [name, headerRef(name)])) };
  }
  // Status codes in order, so the document reads (and diffs) the same every time.
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/** The `webhooks` section (OpenAPI 3.1): what we POST to a registered endpoint for each event. */
function webhooks(): Json {
  const signatureHeaders = [
    ['webhook-id', 'The event id: the same on every retry of one event.'],
    ['webhook-timestamp', 'Seconds since the epoch when this attempt was signed.'],
    ['webhook-signature', 'Space-separated `v1,<base64 HMAC-SHA256>` of `id.timestamp.body` with the endpoint secret (Standard Webhooks).'],
  ].map(([name, description]) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => {
      const { id, summary } = WEBHOOK_EVENT_SCHEMAS[event];
      return [
        event,
        {
          post: {
            operationId: `webhook${id.replace(/^Webhook|Event$/g, '')}`,
            summary,
            description: `Sent to endpoints that listen to \`${event}\`. Delivery is at least once: answer 2xx, and skip an \`id\` you have already seen.`,
            tags: ['webhooks'],
            security: [],
            parameters: signatureHeaders,
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${id}` } } } },
            responses: {
              '2XX': { description: 'Received. Anything else (or no answer within 10 s) is retried with backoff for 24 hours.' },
            },
          },
        },
      ];
    }),
  );
}

/** Every `$ref` target under `value`. */
function refsIn(value: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsIn(child, found);
    }
  return found;
}

/** Keeps only the schemas something refers to (the type provider also emits an input twin of each named schema). */
function pruneSchemas(document: Json): void {
  const schemas: Json = document.components.schemas ?? {};
  const prefix = '#/components/schemas/';
  const kept = new Set<string>();
  const pending = [...refsIn({ ...document, components: { ...document.components, schemas: {} } }, new Set())];
  while (pending.length) {
    const ref = pending.pop()!;
    if (!ref.startsWith(prefix)) continue;
    const name = ref.slice(prefix.length);
    if (kept.has(name) || !schemas[name]) continue;
    kept.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  document.components.schemas = Object.fromEntries([...kept].sort((a, b) => a.localeCompare(b)).map((name) => [name, schemas[name]]));
}

/**
 * Completes the generated document (decision 094): an operationId on every operation, a
 * description on every answer, the error answers every operation of its kind can give (the
 * shared Error body), Retry-After, RateLimit-* and Idempotent-Replayed headers, `servers` (PUBLIC_URL,
 * else this server's own address), the `webhooks`, and only the named schemas in use.
 */
export function completeDocument(generated: Json, options: { publicUrl?: string | undefined }): Json {
  const document: Json = structuredClone(generated);
  const seen = new Map<string, string>();
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const facts = operation[ROUTE_FACTS] as RouteFacts | undefined;
      delete operation[ROUTE_FACTS];
      operation.operationId ??= operationIdOf(method, path);
      const clash = seen.get(operation.operationId);
      if (clash) throw new Error(`operationId ${operation.operationId} of ${method} ${path} is also ${clash}'s: declare one in its schema`);
      seen.set(operation.operationId, `${method} ${path}`);
      completeResponses(method, path, operation, facts);
    }
  }
  document.servers = [options.publicUrl ? { url: options.publicUrl, description: 'PUBLIC_URL' } : { url: '/', description: 'This server' }];
  document.webhooks = webhooks();
  document.components.headers = HEADERS;
  pruneSchemas(document);
  // A scheme no operation uses (the backup token where no backup endpoint is served) is left out.
  const used = new Set(
    Object.values<Json>(document.paths ?? {}).flatMap((item) =>
      METHODS.flatMap((method) => (item[method]?.security ?? []).flatMap(Object.keys)),
    ),
  );
  document.components.securitySchemes = Object.fromEntries(
    Object.entries<Json>(document.components.securitySchemes ?? {}).filter(([name]) => used.has(name)),
  );
  return document;
}
