import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { policyMatrix } from '@sms/contracts/policy-matrix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper.ts';
import { PROBES } from './policy-probes.ts';

// Decision 080: authorization is declared on the route (config.can, config.load) and enforced by
// one hook; the OpenAPI document and the roles page's cells are read from the same declarations.

interface Permission {
  all?: string[];
  depending?: string[];
  orSelf?: boolean;
  anyone?: string;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: Array<Record<string, string[]>>; 'x-permission'?: Permission }>>;
}

/**
 * Cells probed on routes that do not require a staff token, so they declare no `can`: the brand is
 * read by everyone, signed in or not, and registration is open to visitors when allowed (decided by
 * the service, which refuses a signed-in non-administrator with the cell's 403).
 */
const NOT_SIGNED_IN_ROUTES = ['create User: POST /api/users/register', 'read Brand: GET /api/brand-settings'];

const SOURCE = join(import.meta.dirname, '..', 'src');
const MISSING = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer({ rateLimitPerMinute: 1_000_000 });
  document = (await server.get<OpenApiDocument>('/api/docs/json')).body;
});
afterAll(() => server?.close());

/** Every `*.routes.ts` file under src, with its text. */
async function routeFiles(): Promise<Array<{ path: string; text: string }>> {
  const entries = await readdir(SOURCE, { recursive: true });
  const paths = entries.filter((entry) => entry.endsWith('.routes.ts')).map((entry) => join(SOURCE, entry));
  return Promise.all(paths.map(async (path) => ({ path: relative(SOURCE, path), text: await readFile(path, 'utf8') })));
}

/** `GET /api/users/{id}` for `GET /api/users/:id (someone else's)` or an OpenAPI path, parameters unnamed. */
const operationKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path
    .replace(/[?\s].*$/, '')
    .replace(/:\w+/g, '{}')
    .replace(/{\w+}/g, '{}')}`;

/** The cells an operation's declaration names (alternatives split), by operation. */
function declaredCells(): Map<string, Set<string>> {
  const cells = new Map<string, Set<string>>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const permission = operation['x-permission'];
      const names = [...(permission?.all ?? []), ...(permission?.depending ?? [])].flatMap((name) => name.split(' | '));
      cells.set(operationKey(method, path), new Set(names));
    }
  }
  return cells;
}

describe('authorization declared on the route', () => {
  it('is never written out in a route file', async () => {
    const offenders = (await routeFiles())
      .filter(({ text }) => /\bensure\(|\bauthorize\(|new Forbidden\(/.test(text))
      .map(({ path }) => path)
      // The Twilio, Kannel and http callbacks refuse a bad signature or token: no user, no role, no policy.
      .filter((path) => path !== join('gateways', 'twilio', 'twilio-webhooks.routes.ts'))
      .filter((path) => path !== join('gateways', 'kannel', 'kannel-callbacks.routes.ts'))
      .filter((path) => path !== join('gateways', 'http', 'http-callbacks.routes.ts'));
    expect(offenders).toEqual([]);
  });

  it('is declared by every operation that takes a staff token, as a policy cell or a stated exemption', () => {
    const undeclared: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const required = JSON.stringify(operation.security) === JSON.stringify([{ bearerAuth: [] }]);
        const permission = operation['x-permission'];
        const declared =
          permission && (permission.anyone ? permission.anyone.length > 0 : (permission.all?.length ?? 0) > 0 || !!permission.depending);
        if (required && !declared) undeclared.push(`${method.toUpperCase()} ${path}`);
        if (!required && permission) undeclared.push(`${method.toUpperCase()} ${path} declares a permission without requiring a token`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it('names only cells of the roles page (policyMatrix), and every cell the roles page shows is declared by its probed route', () => {
    const matrix = new Set(policyMatrix().map((row) => `${row.action} ${row.subject}`));
    const declared = declaredCells();
    const unknown = [...declared].flatMap(([operation, cells]) =>
      [...cells].filter((cell) => !matrix.has(cell)).map((cell) => `${operation}: ${cell}`),
    );
    expect(unknown, 'declared cells the roles page does not show').toEqual([]);
    // Cells enforced by leaving data out (masked numbers, a colleague's sign-in details) are checked by what the answer shows.
    const refused = PROBES.filter((probe) => !probe.shows);
    const missing = refused
      .map((probe) => ({ probe, key: operationKey(...(probe.route.split(' ', 2) as [string, string])) }))
      .filter(({ probe, key }) => !declared.get(key)?.has(`${probe.action} ${probe.subject}`))
      .map(({ probe }) => `${probe.action} ${probe.subject}: ${probe.route}`);
    expect(missing.sort(), 'roles page cells whose probed route does not declare them').toEqual(NOT_SIGNED_IN_ROUTES);
  });

  it('serves the roles page the matrix from the same declarations as OpenAPI: each cell with the operations that declare it', async () => {
    const viewer = await server.createUser('viewer');
    const served = await server.get<{
      rows: Array<{ subject: string; action: string; allowed: Record<string, boolean>; operations: string[] }>;
    }>('/api/roles/permissions', { token: viewer.token });
    expect(served.status).toBe(200);
    // Every cell of the policy, in its order, with who has it.
    expect(served.body.rows.map(({ subject, action, allowed }) => ({ subject, action, allowed }))).toEqual(policyMatrix());
    // The operations of each cell are those whose x-permission names it, and no others.
    const fromOpenApi = new Map<string, string[]>();
    for (const [operation, cells] of declaredCells())
      for (const cell of cells) fromOpenApi.set(cell, [...(fromOpenApi.get(cell) ?? []), operation]);
    for (const row of served.body.rows) {
      const cell = `${row.action} ${row.subject}`;
      const keys = row.operations.map((operation) => operationKey(...(operation.split(' ', 2) as [string, string])));
      expect(keys.sort(), cell).toEqual([...(fromOpenApi.get(cell) ?? [])].sort());
    }
    expect(served.body.rows.find((row) => row.action === 'launch' && row.subject === 'Campaign')?.operations).toContain(
      'POST /api/campaigns/{id}/launch',
    );
    expect((await server.get('/api/roles/permissions')).status).toBe(401);
  });

  it('refuses to start when a signed-in route does not declare who may call it', async () => {
    await expect(
      startTestServer({
        extraRoutes: (app) => {
          app.get('/api/test/unguarded', { config: { auth: 'required' } }, async () => ({ open: 'to every role by accident' }));
        },
      }),
    ).rejects.toThrow('Route GET /api/test/unguarded must declare config.can');
  });

  it('loads, then authorizes: 404 for a missing record whatever the role, then one refusal shape', async () => {
    const viewer = await server.createUser('viewer');
    const admin = await server.createAdmin();
    // Reading (authorized first before decision 080) and changing (loaded first) now agree.
    for (const [method, path] of [
      ['GET', `/api/campaigns/${MISSING}`],
      ['PUT', `/api/campaigns/${MISSING}`],
      ['DELETE', `/api/gateways/${MISSING}`],
      ['GET', `/api/reports/delivery/${MISSING}`],
    ] as const) {
      const answer = await server.request(method, path, { token: viewer.token, ...(method === 'PUT' ? { body: {} } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    const campaign = await server.post('/api/campaigns', { name: 'Declared', body: 'Hello' }, { token: admin.token });
    const refused = await server.get(`/api/campaigns/${campaign.body.campaign.id}`, { token: viewer.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: 'You do not have permission to view campaigns.' });
  });
});
