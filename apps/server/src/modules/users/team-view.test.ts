import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestAccount, type TestServer } from '../../../test/helper.ts';

// PRODUCT.md section 4: managers read the team (name, email, role, status) but not other users'
// sign-in or two-step details; admins and the account itself see everything.
let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let colleague: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  colleague = await server.createUser('agent');
  expect((await server.post('/api/users/login', { email: colleague.user.email, password: TEST_PASSWORD })).status).toBe(200);
});
afterAll(() => server?.close());

const SECURITY_FIELDS = ['phone', 'twoStepEnabled', 'lastLoginAt'];

describe('the team as managers see it', () => {
  it('lists and opens colleagues without their phone, last sign-in or two-step status', async () => {
    const list = await server.get('/api/users?limit=100', { token: manager.token });
    expect(list.status).toBe(200);
    const other = list.body.data.find((user: { id: string }) => user.id === colleague.user.id);
    expect(other).toMatchObject({ name: colleague.user.name, email: colleague.user.email, role: 'agent', status: 'active' });
    for (const field of SECURITY_FIELDS) expect(other, field).not.toHaveProperty(field);
    const self = list.body.data.find((user: { id: string }) => user.id === manager.user.id);
    for (const field of SECURITY_FIELDS) expect(self, field).toHaveProperty(field);

    const one = await server.get(`/api/users/${colleague.user.id}`, { token: manager.token });
    expect(one.status).toBe(200);
    for (const field of SECURITY_FIELDS) expect(one.body.user, field).not.toHaveProperty(field);
    expect((await server.get(`/api/users?sort=lastLoginAt`, { token: manager.token })).status).toBe(403);
  });

  it('shows admins everything', async () => {
    const one = await server.get(`/api/users/${colleague.user.id}`, { token: admin.token });
    expect(one.body.user).toMatchObject({ twoStepEnabled: false, lastLoginAt: expect.any(String), phone: null });
    expect((await server.get(`/api/users?sort=lastLoginAt`, { token: admin.token })).status).toBe(200);
  });
});
