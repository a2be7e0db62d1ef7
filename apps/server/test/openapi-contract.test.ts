import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_ERROR_CODES } from '@sms/contracts/error-catalogue';
import { WEBHOOK_EVENTS } from '@sms/contracts/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeDocument } from '../src/platform/openapi-document.ts';
import { startTestServer, type TestServer } from './helper.ts';
import { scratchDir } from './scratch-dir.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the document is read loosely; the assertions check it */

// Issue 38, decision 094: the OpenAPI document at /api/docs/json is a complete contract. Redocly's
// linter (the repository's redocly.yaml) finds no problem in it, and every operation is named,
// summarised and has every answer described, with the shared shapes named once.

const ROOT = join(import.meta.dirname, '..', '..', '..');
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const PUBLIC_URL = 'https://sms.example.test';

let server: TestServer;
let document: any;

beforeAll(async () => {
  // With the backup endpoint (served by an embedded installation), whose security is its own token.
  server = await startTestServer({ rateLimitPerMinute: 1_000_000, backupToken: 'b'.repeat(43), config: { publicUrl: PUBLIC_URL } });
  document = (await server.get('/api/docs/json')).body;
});
afterAll(() => server?.close());

/** Every operation of the document: [method, path, operation]. */
const operations = (): Array<[string, string, any]> =>
  Object.entries<any>(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method): [string, string, any] => [method, path, item[method]]),
  );

/** Runs `node <redocly> lint` on a file, without blocking this process (which serves the API). */
function lint(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [REDOCLY, 'lint', file, '--format=json', '--config', join(ROOT, 'redocly.yaml')], {
      cwd: ROOT,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the OpenAPI document', () => {
  it("passes Redocly's lint with no error and no warning", async () => {
    const file = join(scratchDir('openapi-'), 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const { code, stdout, stderr } = await lint(file);
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Array<any> };
    const problems = report.problems.map(
      (problem) => `${problem.severity} ${problem.ruleId} ${problem.location?.[0]?.pointer ?? ''}: ${problem.message}`,
    );
    expect(problems, stderr).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(code).toBe(0);
  });

  it('names and summarises every operation: unique camelCase operationIds, derived from method and path unless declared', () => {
    const ids = operations().map(([, , operation]) => operation.operationId);
    expect(operations().length).toBeGreaterThan(150);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations().filter(([, , operation]) => !operation.summary?.trim())).toEqual([]);
    expect(document.paths['/api/users/{id}'].get.operationId).toBe('getUsersById');
    expect(document.paths['/api/v1/messages/batch'].post.operationId).toBe('postV1MessagesBatch');
  });

  it('refuses two operations whose derived names clash, naming both, and keeps a declared one', () => {
    const answered = { responses: { 200: { description: 'OK' } } };
    const generated = (paths: Record<string, unknown>) => ({ openapi: '3.1.0', paths, components: { schemas: {} } });
    expect(() => completeDocument(generated({ '/api/a-b': { get: answered }, '/api/a/b': { get: answered } }), {})).toThrow(
      'operationId getAB of get /api/a/b is also get /api/a-b',
    );
    const declared = completeDocument(
      generated({ '/api/a-b': { get: answered }, '/api/a/b': { get: { ...answered, operationId: 'getB' } } }),
      {},
    );
    expect([declared.paths['/api/a-b'].get.operationId, declared.paths['/api/a/b'].get.operationId]).toEqual(['getAB', 'getB']);
    // What the route transform tells completeDocument stays out of the served document.
    expect(JSON.stringify(document)).not.toContain('x-route-facts');
  });

  it('describes every answer (never "Default Response"), errors with the shared Error body', () => {
    const undescribed: string[] = [];
    const errorsWithoutBody: string[] = [];
    for (const [method, path, operation] of operations()) {
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('2')),
        `${method} ${path}`,
      ).toBe(true);
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (!response.description || response.description === 'Default Response') undescribed.push(`${method} ${path} ${status}`);
        const schema = response.content?.['application/json']?.schema;
        if (/^4/.test(status) && schema?.$ref !== '#/components/schemas/Error') errorsWithoutBody.push(`${method} ${path} ${status}`);
      }
    }
    expect(undescribed).toEqual([]);
    expect(errorsWithoutBody).toEqual([]);
    // Added by kind: input -> 400, a credential -> 401, a policy cell -> 403, a path id -> 404, a body -> 413 and 415.
    expect(Object.keys(document.paths['/api/contacts/{id}'].put.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '413', '415', '429', '503']),
    );
    expect(document.paths['/api/health'].get.responses['429'].headers).toHaveProperty('Retry-After');
  });

  it('documents the integration headers: RateLimit-* on every /api/v1 answer, Idempotent-Replayed on the sends', () => {
    for (const [method, path, operation] of operations().filter(([, path]) => path.startsWith('/api/v1/')))
      for (const [status, response] of Object.entries<any>(operation.responses))
        expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']),
        );
    expect(document.paths['/api/v1/messages'].post.responses['202'].headers).toHaveProperty('Idempotent-Replayed');
    expect(document.paths['/api/v1/messages'].post.responses['429'].headers).toHaveProperty('Retry-After');
    expect(document.components.headers['Idempotent-Replayed'].schema).toEqual({ type: 'string', enum: ['true'] });
  });

  it('names the shared shapes once and refers to them: Message, Contact, Campaign, Error and the /api/v1 types', () => {
    const text = JSON.stringify(document.paths);
    for (const name of ['Message', 'Contact', 'Campaign', 'Error', 'ApiMessage', 'ApiMessageList', 'ApiBatchResult']) {
      expect(document.components.schemas, name).toHaveProperty(name);
      expect(text, name).toContain(`"#/components/schemas/${name}"`);
    }
    expect(document.paths['/api/v1/messages'].post.responses['202'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ApiMessage',
    });
    // The error codes as an enum, the catalogue's (docs/guide/errors.md).
    expect(document.components.schemas.Error.properties.code.enum).toEqual(API_ERROR_CODES);
    expect(API_ERROR_CODES).toEqual(expect.arrayContaining(['VALIDATION_ERROR', 'RECIPIENT_OPTED_OUT', 'DATABASE_UNAVAILABLE']));
  });

  it('states the servers from PUBLIC_URL, security on every operation, and the backup endpoint its own token', () => {
    expect(document.servers).toEqual([{ url: PUBLIC_URL, description: 'PUBLIC_URL' }]);
    expect(operations().filter(([, , operation]) => !Array.isArray(operation.security))).toEqual([]);
    expect(document.paths['/api/backups/stream'].get.security).toEqual([{ backupToken: [] }]);
    expect(document.paths['/api/backups/stream'].get.responses['200'].content).toHaveProperty('application/gzip');
    expect(document.components.securitySchemes.backupToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-backup-token' });
    expect(document.paths['/api/health'].get.security).toEqual([]);
  });

  it('documents every webhook event with its payload', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const status = document.webhooks['message.status'].post;
    expect(status.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/WebhookMessageStatusEvent' });
    const event = document.components.schemas.WebhookMessageStatusEvent;
    expect(event.required).toEqual(['id', 'type', 'createdAt', 'data']);
    expect(event.properties.data.properties.status.enum).toEqual(['sent', 'delivered', 'undelivered', 'failed', 'unknown', 'cancelled']);
  });

  it('is the same document on every request and from every server', async () => {
    const again = await startTestServer({ rateLimitPerMinute: 1_000_000, backupToken: 'c'.repeat(43), config: { publicUrl: PUBLIC_URL } });
    try {
      expect(JSON.stringify((await again.get('/api/docs/json')).body)).toBe(JSON.stringify(document));
      expect(JSON.stringify((await server.get('/api/docs/json')).body)).toBe(JSON.stringify(document));
    } finally {
      await again.close();
    }
  });
});

describe('without PUBLIC_URL', () => {
  it("names this server's own address, relative, so servers is never empty", async () => {
    const bare = await startTestServer({ rateLimitPerMinute: 1_000_000 });
    try {
      const served = (await bare.get('/api/docs/json')).body as any;
      expect(served.servers).toEqual([{ url: '/', description: 'This server' }]);
      // No backup endpoint here, so no scheme that nothing uses.
      expect(Object.keys(served.components.securitySchemes).sort()).toEqual(['apiKeyAuth', 'bearerAuth']);
    } finally {
      await bare.close();
    }
  });
});
