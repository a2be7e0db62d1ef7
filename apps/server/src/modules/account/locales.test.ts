import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('locales beyond the four translated languages (decision 107)', () => {
  it('accepts de-DE as the language, keeps it on the account and gives it back at sign-in', async () => {
    const account = await server.createUser('viewer');
    const saved = await server.put('/api/users/me/preferences', { locale: 'de-DE' }, { token: account.token });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ locale: 'de-DE' });
    const login = await server.post('/api/users/login', { email: account.user.email, password: TEST_PASSWORD });
    expect(login.body.user).toMatchObject({ locale: 'de-DE' });
    // Another choice saved later leaves the language as it is.
    const again = await server.put('/api/users/me/preferences', { mode: 'dark' }, { token: account.token });
    expect(again.body.user).toMatchObject({ locale: 'de-DE' });
  });

  it('refuses an unknown locale naming the field, and needs a session', async () => {
    const account = await server.createUser('viewer');
    const bad = await server.put('/api/users/me/preferences', { locale: 'xx-XX' }, { token: account.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'locale' });
    expect((await server.put('/api/users/me/preferences', { locale: 'de-DE' })).status).toBe(401);
  });

  it('lets an admin give a user a locale such as pt-BR, and refuses an unknown one', async () => {
    const admin = await server.createUser('admin');
    const account = await server.createUser('agent');
    const ok = await server.put(`/api/users/${account.user.id}`, { locale: 'pt-BR' }, { token: admin.token });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ locale: 'pt-BR' });
    const bad = await server.put(`/api/users/${account.user.id}`, { locale: 'xx-XX' }, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'locale' });
  });
});
