import { randomBytes } from 'node:crypto';

/**
 * The numbers side of the fake Twilio (fake-twilio.ts): an inventory per country and type that
 * AvailablePhoneNumbers lists (filtered by Contains as Twilio reads it), prices as the Pricing API
 * gives them, and IncomingPhoneNumbers that buys (201 with a 'PN' SID, or Twilio's 21422 when the
 * number is not on offer) and lists what was bought. Shapes follow Twilio's documented resources.
 */

export interface OfferedNumber {
  phone_number: string;
  friendly_name: string;
  locality: string | null;
  region: string | null;
  iso_country: string;
  capabilities: { voice: boolean; SMS: boolean; MMS: boolean };
}

export interface BoughtNumber {
  sid: string;
  phoneNumber: string;
  /** The purchase form as posted (PhoneNumber, SmsUrl, StatusCallback, ...). */
  form: Record<string, string>;
}

export interface FakeNumbers {
  /** On offer, by `${country}/${Local|Mobile|TollFree}`; tests may add or clear. */
  inventory: Map<string, OfferedNumber[]>;
  /** Numbers bought, in order. */
  readonly bought: BoughtNumber[];
  /** Monthly prices by country, per Pricing API number type ('local', 'mobile', 'toll free'). */
  prices: Map<string, Record<string, string>>;
}

const offer = (phone: string, country: string, locality: string | null, region: string | null, sms = true): OfferedNumber => ({
  phone_number: phone,
  friendly_name: phone.startsWith('+1') ? `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}` : phone,
  locality,
  region,
  iso_country: country,
  capabilities: { voice: true, SMS: sms, MMS: sms && country === 'US' },
});

/** A few numbers per country and type, like a small slice of Twilio's stock. */
function defaultInventory(): Map<string, OfferedNumber[]> {
  return new Map([
    ['US/Local', ['+14155550142', '+14155550177', '+16505550123'].map((p) => offer(p, 'US', 'San Francisco', 'CA'))],
    ['US/TollFree', ['+18445550190', '+18885550111'].map((p) => offer(p, 'US', null, null))],
    ['US/Mobile', []],
    ['GB/Mobile', ['+447700900321', '+447700900654'].map((p) => offer(p, 'GB', null, null))],
    ['GB/Local', ['+442079460123'].map((p) => offer(p, 'GB', 'London', null, false))],
  ]);
}

/** Twilio's Contains: digits and letters, '*' one character, '%' any run; a leading '+' anchors the start, a trailing '$' the end. */
export function matchesContains(phone: string, pattern: string): boolean {
  const anchoredStart = pattern.startsWith('+');
  const anchoredEnd = pattern.endsWith('$');
  const core = pattern.replace(/^\+/, '').replace(/\$$/, '');
  const body = core
    .split('')
    .map((char) => (char === '*' ? '\\d' : char === '%' ? '\\d*' : char.replace(/[^0-9A-Za-z]/g, '')))
    .join('');
  const digits = phone.replace(/^\+/, '');
  return new RegExp(`${anchoredStart ? '^' : ''}${body}${anchoredEnd ? '$' : ''}`).test(digits);
}

const twilioError = (status: number, code: number, message: string) => ({
  status,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

/** The numbers state and the answer to one request, or null when the path is not a numbers resource. */
export function createFakeNumbers(accountSid: string): {
  state: FakeNumbers;
  answer: (method: string, path: string, query: URLSearchParams, form: Record<string, string>) => { status: number; body: unknown } | null;
} {
  const state: FakeNumbers = {
    inventory: defaultInventory(),
    bought: [],
    prices: new Map<string, Record<string, string>>([
      ['US', { local: '1.15', 'toll free': '2.15', mobile: '1.15' }],
      ['GB', { local: '1.00', mobile: '1.00' }],
    ]),
  };
  const base = `/2010-04-01/Accounts/${accountSid}`;
  const answer = (method: string, path: string, query: URLSearchParams, form: Record<string, string>) => {
    const available = new RegExp(`^${base}/AvailablePhoneNumbers/([A-Z]{2})/(Local|Mobile|TollFree)\\.json$`).exec(path);
    if (method === 'GET' && available) {
      const [, country, type] = available as unknown as [string, string, string];
      const stock = state.inventory.get(`${country}/${type}`);
      if (!stock) return twilioError(404, 20404, `The requested resource ${path} was not found`);
      const contains = query.get('Contains');
      const smsOnly = query.get('SmsEnabled') === 'true';
      const pageSize = Number(query.get('PageSize') ?? 50);
      const list = stock
        .filter((n) => (!contains || matchesContains(n.phone_number, contains)) && (!smsOnly || n.capabilities.SMS))
        .slice(0, pageSize)
        .map((n) => ({
          ...n,
          lata: null,
          rate_center: null,
          latitude: null,
          longitude: null,
          postal_code: null,
          address_requirements: 'none',
          beta: false,
        }));
      return {
        status: 200,
        body: {
          available_phone_numbers: list,
          uri: `${path}?${query}`,
          end: list.length - 1,
          first_page_uri: `${path}?${query}`,
          next_page_uri: null,
          page: 0,
          page_size: pageSize,
          previous_page_uri: null,
          start: 0,
        },
      };
    }
    const priced = /^\/v1\/PhoneNumbers\/Countries\/([A-Z]{2})$/.exec(path);
    if (method === 'GET' && priced) {
      const country = priced[1] ?? '';
      const prices = state.prices.get(country);
      if (!prices) return twilioError(404, 20404, `The requested resource ${path} was not found`);
      return {
        status: 200,
        body: {
          country: country === 'US' ? 'United States' : country,
          iso_country: country,
          price_unit: 'USD',
          phone_number_prices: Object.entries(prices).map(([number_type, price]) => ({
            number_type,
            base_price: price,
            current_price: price,
          })),
          url: `https://pricing.twilio.com/v1/PhoneNumbers/Countries/${country}`,
        },
      };
    }
    if (path === `${base}/IncomingPhoneNumbers.json` && method === 'GET') {
      return { status: 200, body: { incoming_phone_numbers: state.bought.map((n) => incoming(n)), page: 0, page_size: 50 } };
    }
    if (path === `${base}/IncomingPhoneNumbers.json` && method === 'POST') {
      const phone = form.PhoneNumber ?? '';
      const key = [...state.inventory.keys()].find((k) => state.inventory.get(k)?.some((n) => n.phone_number === phone));
      if (!key) return twilioError(400, 21422, `PhoneNumber ${phone} is not available.`);
      state.inventory.set(
        key,
        (state.inventory.get(key) ?? []).filter((n) => n.phone_number !== phone),
      );
      const number = { sid: `PN${randomBytes(16).toString('hex')}`, phoneNumber: phone, form };
      state.bought.push(number);
      return { status: 201, body: incoming(number) };
    }
    return null;
  };
  const incoming = (n: BoughtNumber) => ({
    sid: n.sid,
    account_sid: accountSid,
    friendly_name: n.phoneNumber,
    phone_number: n.phoneNumber,
    sms_url: n.form.SmsUrl ?? '',
    sms_method: n.form.SmsMethod ?? 'POST',
    status_callback: n.form.StatusCallback ?? '',
    status_callback_method: n.form.StatusCallbackMethod ?? 'POST',
    capabilities: { voice: true, sms: true, mms: false, fax: false },
    origin: 'twilio',
    status: 'in-use',
    api_version: '2010-04-01',
    date_created: new Date().toUTCString(),
    uri: `${base}/IncomingPhoneNumbers/${n.sid}.json`,
  });
  return { state, answer };
}
