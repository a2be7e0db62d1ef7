import { DEFAULT_KEYWORD_SETTINGS } from '@sms/contracts/messaging-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

describe('messaging settings: keywords and their answers', () => {
  let server: TestServer;
  let admin: TestAccount;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createAdmin();
  });
  afterAll(() => server?.close());

  it('answers the default keywords and texts', async () => {
    const response = await server.get('/api/settings/messaging', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.settings).toMatchObject(DEFAULT_KEYWORD_SETTINGS);
  });

  it('stores edited lists upper-cased and without repeats, and refuses multi-word keywords naming the field', async () => {
    const saved = await server.put(
      '/api/settings/messaging',
      { optOutKeywords: ['arret', 'STOP', 'stop'], helpReply: '' },
      { token: admin.token },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.settings.optOutKeywords).toEqual(['ARRET', 'STOP']);
    expect(saved.body.settings.helpReply).toBe('');
    const bad = await server.put('/api/settings/messaging', { optInKeywords: ['opt in'] }, { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('optInKeywords.0');
    expect(bad.body.message).toBe('optInKeywords keywords must be single words of letters or digits (at most 20)');
  });

  it('refuses a keyword already in another list, and an empty opt-out list, naming the field and keeping what was saved', async () => {
    const before = (await server.get('/api/settings/messaging', { token: admin.token })).body.settings;
    const clash = await server.put('/api/settings/messaging', { helpKeywords: ['HELP', 'stop'] }, { token: admin.token });
    expect(clash.status).toBe(400);
    expect(clash.body.field).toBe('helpKeywords');
    expect(clash.body.message).toBe('helpKeywords: STOP is already in optOutKeywords');
    const empty = await server.put('/api/settings/messaging', { optOutKeywords: [] }, { token: admin.token });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('optOutKeywords');
    expect(empty.body.message).toBe('optOutKeywords must list at least one keyword');
    expect((await server.get('/api/settings/messaging', { token: admin.token })).body.settings).toEqual(before);
  });
});
