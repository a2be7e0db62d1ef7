import { TWILIO_DEFAULT_API_BASE_URL } from '@sms/contracts/gateway-twilio';
import type { AvailableNumber, NumberType } from '@sms/contracts/senders';
import { twilioErrorBody, type RestAnswer, type TwilioRequest } from './twilio-rest.ts';

/**
 * Numbers through Twilio's REST API (issue 36): the numbers on offer
 * (AvailablePhoneNumbers/{Country}/{Local|Mobile|TollFree}.json), their monthly price (the Pricing
 * API, on its own host) and the purchase (IncomingPhoneNumbers.json). Answers say what happened
 * without throwing; the auth token never appears in them.
 */

const LIST_NAMES: Record<NumberType, string> = { local: 'Local', mobile: 'Mobile', 'toll-free': 'TollFree' };
/** The Pricing API's names of the number types. */
const PRICE_TYPES: Record<NumberType, string> = { local: 'local', mobile: 'mobile', 'toll-free': 'toll free' };
/** Twilio answers up to this many numbers per page; the shop shows one page. */
const PAGE_SIZE = 20;

export type TwilioNumbersAnswer<T> = { ok: true; value: T } | { ok: false; message: string; status: number | null };

/**
 * Where the Pricing API lives: pricing.twilio.com beside Twilio's own REST address; the address
 * TWILIO_API_BASE_URL names otherwise (a test's fake answers both).
 */
export function twilioPricingBaseUrl(apiBaseUrl: string): string {
  return apiBaseUrl === TWILIO_DEFAULT_API_BASE_URL ? 'https://pricing.twilio.com' : apiBaseUrl;
}

/** An answer that is not the expected status, in words (Twilio's message and code when it gave them). */
function refusal(answer: RestAnswer): { ok: false; message: string; status: number | null } {
  switch (answer.kind) {
    case 'timeout':
      return { ok: false, message: `Twilio did not answer within ${answer.timeoutMs / 1000} s`, status: null };
    case 'network':
      return { ok: false, message: `Cannot reach Twilio: ${answer.reason}`, status: null };
    case 'aborted':
      return { ok: false, message: 'The request was stopped', status: null };
    case 'answer': {
      const { code, message } = twilioErrorBody(answer.body);
      const text = message ?? `HTTP ${answer.status}`;
      return { ok: false, message: code === undefined ? `Twilio: ${text}` : `Twilio (error ${code}): ${text}`, status: answer.status };
    }
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
/** Capabilities as Twilio names them: 'SMS'/'MMS'/'voice' in the available lists, lower case elsewhere. */
const capability = (capabilities: Record<string, unknown>, name: string): boolean =>
  Object.entries(capabilities).some(([key, value]) => key.toLowerCase() === name && value === true);

/** The numbers Twilio offers in `country` of `type`, matching `contains` (Twilio's pattern). */
export async function searchAvailableNumbers(
  request: TwilioRequest,
  accountSid: string,
  query: { country: string; type: NumberType; contains?: string | undefined },
): Promise<TwilioNumbersAnswer<AvailableNumber[]>> {
  const params = new URLSearchParams({ PageSize: String(PAGE_SIZE), SmsEnabled: 'true' });
  if (query.contains) params.set('Contains', query.contains);
  const path = `/2010-04-01/Accounts/${accountSid}/AvailablePhoneNumbers/${query.country}/${LIST_NAMES[query.type]}.json?${params}`;
  const answer = await request('GET', path);
  if (answer.kind !== 'answer' || answer.status !== 200) return refusal(answer);
  const list = (answer.body as { available_phone_numbers?: unknown } | null)?.available_phone_numbers;
  const numbers = (Array.isArray(list) ? list : []).flatMap((item: Record<string, unknown>) => {
    const phoneNumber = text(item.phone_number);
    if (!phoneNumber) return [];
    const capabilities = (item.capabilities ?? {}) as Record<string, unknown>;
    return [
      {
        phoneNumber,
        friendlyName: text(item.friendly_name) ?? phoneNumber,
        locality: text(item.locality),
        region: text(item.region),
        capabilities: {
          sms: capability(capabilities, 'sms'),
          mms: capability(capabilities, 'mms'),
          voice: capability(capabilities, 'voice'),
        },
      },
    ];
  });
  return { ok: true, value: numbers };
}

/** The monthly price of a number of `type` in `country` (Pricing API v1), or null when Twilio does not list it. */
export async function numberMonthlyPrice(
  pricingRequest: TwilioRequest,
  country: string,
  type: NumberType,
): Promise<{ monthly: string; unit: string } | null> {
  const answer = await pricingRequest('GET', `/v1/PhoneNumbers/Countries/${country}`);
  if (answer.kind !== 'answer' || answer.status !== 200) return null;
  const body = (answer.body ?? {}) as { phone_number_prices?: unknown; price_unit?: unknown };
  const prices = Array.isArray(body.phone_number_prices) ? (body.phone_number_prices as Array<Record<string, unknown>>) : [];
  const entry = prices.find((price) => price.number_type === PRICE_TYPES[type]);
  const monthly = text(entry?.current_price) ?? text(entry?.base_price);
  return monthly ? { monthly, unit: text(body.price_unit) ?? 'USD' } : null;
}

/**
 * Buys `phoneNumber` and points its incoming messages (SmsUrl) and status callbacks at this
 * product's Twilio webhooks of the gateway (when PUBLIC_URL says where Twilio reaches it).
 */
export async function buyNumber(
  request: TwilioRequest,
  accountSid: string,
  purchase: { phoneNumber: string; smsUrl: string | null; statusCallback: string | null },
): Promise<TwilioNumbersAnswer<{ sid: string; phoneNumber: string }>> {
  const form = new URLSearchParams({ PhoneNumber: purchase.phoneNumber });
  if (purchase.smsUrl) {
    form.set('SmsUrl', purchase.smsUrl);
    form.set('SmsMethod', 'POST');
  }
  if (purchase.statusCallback) {
    form.set('StatusCallback', purchase.statusCallback);
    form.set('StatusCallbackMethod', 'POST');
  }
  const answer = await request('POST', `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json`, form);
  if (answer.kind !== 'answer' || (answer.status !== 201 && answer.status !== 200)) return refusal(answer);
  const body = (answer.body ?? {}) as Record<string, unknown>;
  const sid = text(body.sid);
  if (!sid) return { ok: false, message: 'Twilio answered without the number’s SID', status: answer.status };
  return { ok: true, value: { sid, phoneNumber: text(body.phone_number) ?? purchase.phoneNumber } };
}
