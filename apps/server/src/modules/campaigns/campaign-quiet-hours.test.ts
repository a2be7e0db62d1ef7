import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureSimulator, countMessageRows, seedContacts, waitFor } from '../../../test/campaign-fixtures.ts';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

const hhmm = (date: Date) => date.toISOString().slice(11, 16);

describe('quiet hours (read in the organisation time zone)', () => {
  let server: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    server = await startTestServer({ engine: true });
    admin = await server.createAdmin();
    await configureSimulator(server, admin.token, {});
    await seedContacts(server, 20);
    expect((await server.put('/api/settings/messaging', { timeZone: 'UTC' }, { token: admin.token })).status).toBe(200);
  });
  afterAll(() => server?.close());

  const launch = async (quietHours: { start: string; end: string }) => {
    const created = await server.post(
      '/api/campaigns',
      { name: `Quiet ${quietHours.start}`, body: 'Hello', quietHours },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    const id: string = created.body.campaign.id;
    expect((await server.post(`/api/campaigns/${id}/launch`, undefined, { token: admin.token })).status).toBe(200);
    return id;
  };

  it('holds every message while now is inside the window, and says until when', async () => {
    const now = Date.now();
    const id = await launch({ start: hhmm(new Date(now - 3_600_000)), end: hhmm(new Date(now + 3_600_000)) });
    const campaign = await waitFor(
      async () => {
        const { body } = await server.get(`/api/campaigns/${id}`, { token: admin.token });
        return body.campaign.statusReason ? body.campaign : undefined;
      },
      15_000,
      'the quiet hours reason',
    );
    expect(campaign.status).toBe('sending');
    expect(campaign.statusReason).toEqual({
      code: 'QUIET_HOURS',
      params: { time: hhmm(new Date(now + 3_600_000)), timeZone: 'UTC' },
      message: `Quiet hours: sending resumes at ${hhmm(new Date(now + 3_600_000))} (UTC)`,
    });
    // Recipients are materialised, but nothing leaves the queue.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await countMessageRows(server, id)).toEqual({ queued: 20 });
  });

  it('sends normally outside the window', async () => {
    const now = Date.now();
    const id = await launch({ start: hhmm(new Date(now + 3_600_000)), end: hhmm(new Date(now + 7_200_000)) });
    await waitFor(
      async () =>
        (await server.get(`/api/campaigns/${id}`, { token: admin.token })).body.campaign.status === 'completed' ? true : undefined,
      20_000,
      'completion',
    );
    const rows = await countMessageRows(server, id);
    expect(rows.queued ?? 0).toBe(0);
    expect((rows.sent ?? 0) + (rows.delivered ?? 0)).toBe(20);
  });
});
