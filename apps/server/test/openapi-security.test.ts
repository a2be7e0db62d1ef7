import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_REQUIRED } from '../src/platform/auth.ts';
import { startTestServer, type TestServer } from './helper.ts';

type Security = Array<Record<string, string[]>> | undefined;
interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: Security }>>;
  components: { securitySchemes: Record<string, unknown> };
}

const BEARER: Security = [{ bearerAuth: [] }];
const BEARER_OPTIONAL: Security = [{}, { bearerAuth: [] }];
const API_KEY: Security = [{ apiKeyAuth: [] }];
const BACKUP_TOKEN: Security = [{ backupToken: [] }];
// A public operation says so: no credential at all (`security: []`), not left unsaid.
const NONE: Security = [];
// What the authentication hook answers for a token it cannot read; no route says it otherwise.
const SESSION_INVALID = 'Your session has expired or is no longer valid. Sign in again.';
// What the backup endpoint (served by an embedded installation) answers without its own token.
const BACKUP_TOKEN_REQUIRED = 'A backup token from this machine is required.';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 1_000_000, backupToken: 'b'.repeat(43) });
});
afterAll(() => server?.close());

/**
 * How a route authenticates, read from what it does rather than from its definition: one that
 * refuses an unreadable token authenticates (required when it also refuses a request without
 * one, optional otherwise); one that ignores the token is public.
 */
async function observedAuth(method: string, path: string): Promise<'required' | 'optional' | 'public' | 'apiKey' | 'backupToken'> {
  const url = path.replace(/{(\w+)}/g, (_match, name: string) => `sample-${name}`);
  const withBadToken = await server.request(method, url, { headers: { authorization: 'Bearer not-a-session-token' } });
  // A route that takes an integration API key says so to any other credential.
  if (withBadToken.status === 401 && withBadToken.body?.message === KEY_REQUIRED) return 'apiKey';
  if (withBadToken.status === 401 && withBadToken.body?.message === BACKUP_TOKEN_REQUIRED) return 'backupToken';
  if (withBadToken.status !== 401 || withBadToken.body?.message !== SESSION_INVALID) return 'public';
  const anonymous = await server.request(method, url);
  return anonymous.status === 401 ? 'required' : 'optional';
}

describe('the OpenAPI document', () => {
  it('declares bearer security on exactly the operations that authenticate (optional ones accept no token too), none on public ones, and the backup token on the backup endpoint', async () => {
    const document = (await server.get<OpenApiDocument>('/api/docs/json')).body;
    expect(document.components.securitySchemes).toHaveProperty('bearerAuth');
    expect(document.components.securitySchemes).toHaveProperty('apiKeyAuth');
    expect(document.components.securitySchemes).toHaveProperty('backupToken');
    const declared: string[] = [];
    const observed: string[] = [];
    const seen = new Set<string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const auth = await observedAuth(method.toUpperCase(), path);
        seen.add(auth);
        const label = `${method.toUpperCase()} ${path}`;
        declared.push(`${label}: ${JSON.stringify(operation.security ?? null)}`);
        observed.push(
          `${label}: ${JSON.stringify({ required: BEARER, optional: BEARER_OPTIONAL, public: NONE, apiKey: API_KEY, backupToken: BACKUP_TOKEN }[auth])}`,
        );
      }
    }
    // Every kind is present, so the comparison covers each rule.
    expect([...seen].sort()).toEqual(['apiKey', 'backupToken', 'optional', 'public', 'required']);
    expect(declared).toEqual(observed);
  });
});
