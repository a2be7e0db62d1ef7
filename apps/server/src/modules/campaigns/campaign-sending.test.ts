import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSimulator, countMessageRows, nonZero, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

describe('campaign sending on the simulator', () => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ engine: { batchSize: 200 } });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    await seedContacts(server, 1_000);
  });
  afterAll(() => server?.close());

  it('sends a campaign to its audience, delivers every message and keeps counters equal to the rows', async () => {
    const created = await server.post(
      '/api/campaigns',
      { name: 'North notice', body: 'Hello {{first_name|there}}', audience: { type: 'filter', filter: { tag1: 'north' } } },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    const id = created.body.campaign.id;
    const launched = await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token });
    expect(launched.status).toBe(200);
    expect(launched.body.campaign.status).toBe('sending');

    const done = await waitFor(
      async () => {
        const { body } = await server.get(`/api/campaigns/${id}`, { token: admin.token });
        return body.campaign.status === 'completed' && body.campaign.counts.delivered === 500 ? body.campaign : undefined;
      },
      60_000,
      'the campaign to complete and be delivered',
    );
    expect(done.counts.total).toBe(500);
    expect(nonZero(done.counts)).toEqual(await countMessageRows(server, id));
    expect(nonZero(done.counts)).toEqual({ delivered: 500 });
  });
});
