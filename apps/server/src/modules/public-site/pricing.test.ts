import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
let admin: TestAccount;
let viewer: TestAccount;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  viewer = await server.createUser('viewer');
  await server.put('/api/settings/messaging', { pricePerSegment: 0.05, currency: 'EUR' }, { token: admin.token });
});
afterAll(() => server?.close());

describe('pricing', () => {
  it('staff read the price the composer uses, with the characters per part', async () => {
    expect((await server.get('/api/pricing')).status).toBe(401);
    const answer = await server.get('/api/pricing', { token: viewer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      currency: 'EUR',
      pricePerSegment: 0.05,
      encodings: [
        { encoding: 'GSM-7', single: 160, perPart: 153 },
        { encoding: 'UCS-2', single: 70, perPart: 67 },
      ],
    });
  });

  it('the public page shows it only when the administrators show it', async () => {
    const hidden = await server.get('/api/public/pricing');
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('PRICING_HIDDEN');
    await server.put('/api/settings/public-site', { pricingVisible: true }, { token: admin.token });
    const shown = await server.get('/api/public/pricing');
    expect(shown.status).toBe(200);
    expect(shown.body.pricePerSegment).toBe(0.05);
    await server.put('/api/settings/public-site', { enabled: false }, { token: admin.token });
    expect((await server.get('/api/public/pricing')).body.code).toBe('PUBLIC_SITE_OFF');
  });
});
