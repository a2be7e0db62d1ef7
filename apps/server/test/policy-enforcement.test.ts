import { policyMatrix } from '@sms/contracts/policy-matrix';
import { ROLES, type Role } from '@sms/contracts/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helper.ts';
import { NOT_ROUTED_YET, PROBES, type ProbeContext } from './policy-probes.ts';

// The roles page (/pages/casl) shows policyMatrix(). This proves the API enforces exactly that:
// for every cell and every role, allowed <-> the representative route succeeds (2xx), denied <-> 403
// (or, for cells enforced by leaving something out, a 2xx answer without it).
let server: TestServer;
let context: ProbeContext;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await server.createAdmin();
  context = { server, adminToken: admin.token };
  tokens.admin = admin.token;
  for (const role of ROLES.filter((r) => r !== 'admin')) tokens[role] = (await server.createUser(role)).token;
});
afterAll(() => server?.close());

const key = (cell: { subject: string; action: string }) => `${cell.action} ${cell.subject}`;

describe('the roles matrix equals what the API enforces', () => {
  it('has a representative route, or a stated reason why none exists yet, for every cell', () => {
    const cells = policyMatrix().map(key).sort();
    const probed = new Set(PROBES.map(key));
    const notRouted = NOT_ROUTED_YET.map(key);
    expect(
      notRouted.filter((cell) => probed.has(cell)),
      'cells both probed and listed as not routed',
    ).toEqual([]);
    expect([...new Set([...probed, ...notRouted])].sort()).toEqual(cells);
  });

  const rows = new Map(policyMatrix().map((row) => [key(row), row]));
  for (const probe of PROBES) {
    it(`${probe.action} ${probe.subject}: ${probe.route}`, async () => {
      const row = rows.get(key(probe));
      expect(row, 'the matrix has no such cell').toBeDefined();
      for (const role of ROLES) {
        const response = await probe.call(context, tokens[role]);
        const label = `${role} ${probe.route} -> ${response.status} ${JSON.stringify(response.body).slice(0, 200)}`;
        const succeeded = response.status >= 200 && response.status < 300;
        if (row?.allowed[role]) {
          expect(succeeded, `allowed in the matrix, refused by the API: ${label}`).toBe(true);
          if (probe.shows) expect(probe.shows(response.body), `allowed in the matrix, left out by the API: ${label}`).toBe(true);
        } else if (probe.shows && succeeded) {
          // Enforced by leaving out (masked numbers, a colleague's sign-in details): the answer must not show it.
          expect(probe.shows(response.body), `denied in the matrix, shown by the API: ${label}`).toBe(false);
        } else {
          expect(response.status, `denied in the matrix, not refused by the API: ${label}`).toBe(403);
        }
      }
    });
  }
});
