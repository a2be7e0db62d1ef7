import { estimateCost, type DestinationCount } from '@sms/contracts/pricing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestAccount, type TestServer } from '../../../test/helper.ts';

let server: TestServer;
let admin: TestAccount;
let manager: TestAccount;
let viewer: TestAccount;

const table = {
  currency: 'EUR',
  pricePerSegment: 0.05,
  pricePerSegmentUcs2: 0.07,
  countryPrices: [
    { country: 'fr', gsm7: 0.04, ucs2: 0.06 },
    { country: 'CA', gsm7: 0.011, ucs2: 0.0125 },
  ],
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.createAdmin();
  manager = await server.createUser('manager');
  viewer = await server.createUser('viewer');
  const saved = await server.put('/api/settings/messaging', table, { token: admin.token });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  // Three in France, two in Canada (+1 416 Toronto), one in the United States (+1 212), one in Kazakhstan (+7 7xx, shared with Russia), one opted out in France.
  await server.database.db.execute(sql`insert into contacts (phone, status) values
    ('+33612345671', 'active'), ('+33612345672', 'active'), ('+33712345673', 'active'), ('+33612345674', 'opted_out'),
    ('+14165550101', 'active'), ('+14165550102', 'active'), ('+12125550103', 'active'), ('+77012345678', 'active')`);
});
afterAll(() => server?.close());

describe('pricing', () => {
  it('staff read the price table the composer uses, with the characters per part', async () => {
    expect((await server.get('/api/pricing')).status).toBe(401);
    const answer = await server.get('/api/pricing', { token: viewer.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      currency: 'EUR',
      pricePerSegment: 0.05,
      pricePerSegmentUcs2: 0.07,
      encodings: [
        { encoding: 'GSM-7', single: 160, perPart: 153, price: 0.05 },
        { encoding: 'UCS-2', single: 70, perPart: 67, price: 0.07 },
      ],
      countryPrices: [
        { country: 'CA', gsm7: 0.011, ucs2: 0.0125 },
        { country: 'FR', gsm7: 0.04, ucs2: 0.06 },
      ],
    });
  });

  it('admins edit the table: country codes, prices and the currency are checked, naming the field', async () => {
    const put = (body: object, token = admin.token) => server.put('/api/settings/messaging', body, { token });
    expect((await put({ countryPrices: [] }, manager.token)).status).toBe(403);
    const cases: Array<[object, string]> = [
      [{ countryPrices: [{ country: 'XX', gsm7: 0.1, ucs2: 0.1 }] }, 'countryPrices.0.country'],
      [{ countryPrices: [{ country: 'FR', gsm7: -1, ucs2: 0.1 }] }, 'countryPrices.0.gsm7'],
      [{ countryPrices: [{ country: 'FR', gsm7: 0.1, ucs2: 0.123456 }] }, 'countryPrices.0.ucs2'],
      [
        {
          countryPrices: [
            { country: 'FR', gsm7: 0.1, ucs2: 0.1 },
            { country: 'fr', gsm7: 0.2, ucs2: 0.2 },
          ],
        },
        'countryPrices.1.country',
      ],
      [{ pricePerSegmentUcs2: 'cheap' }, 'pricePerSegmentUcs2'],
      [{ currency: 'ABC' }, 'currency'],
    ];
    for (const [body, field] of cases) {
      const answer = await put(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.field ?? answer.body.errors?.[0]?.field, JSON.stringify(answer.body)).toBe(field);
    }
    // Nothing of the refused changes was kept.
    expect((await server.get('/api/pricing', { token: viewer.token })).body.countryPrices).toHaveLength(2);
  });

  it("the composer's audience preview counts recipients per destination country, and the estimate is the table's sum", async () => {
    const preview = await server.post('/api/campaigns/audience-preview', { audience: { type: 'all' } }, { token: admin.token });
    expect(preview.status).toBe(200);
    expect(preview.body.count).toBe(7);
    const destinations = preview.body.destinations as DestinationCount[];
    expect(destinations).toEqual([
      { country: 'FR', recipients: 3 },
      { country: 'CA', recipients: 2 },
      { country: 'KZ', recipients: 1 },
      { country: 'US', recipients: 1 },
    ]);
    // The estimate from the published table, by hand: FR 3 x 0.04, CA 2 x 0.011, KZ and US at the default 0.05; two parts each.
    const prices = (await server.get('/api/pricing', { token: viewer.token })).body;
    const byHand = 2 * (3 * 0.04 + 2 * 0.011 + 1 * 0.05 + 1 * 0.05);
    expect(estimateCost(prices, destinations, 'GSM-7', 2)).toBeCloseTo(byHand, 10);
    expect(estimateCost(prices, destinations, 'UCS-2', 1)).toBeCloseTo(3 * 0.06 + 2 * 0.0125 + 0.07 + 0.07, 10);
  });

  it('the public page shows it only when the administrators show it', async () => {
    const hidden = await server.get('/api/public/pricing');
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('PRICING_HIDDEN');
    await server.put('/api/settings/public-site', { pricingVisible: true }, { token: admin.token });
    const shown = await server.get('/api/public/pricing');
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual((await server.get('/api/pricing', { token: viewer.token })).body);
    await server.put('/api/settings/public-site', { enabled: false }, { token: admin.token });
    expect((await server.get('/api/public/pricing')).body.code).toBe('PUBLIC_SITE_OFF');
  });
});
