import type { ConnectionTest } from '../gateway.ts';
import { twilioErrorInfo } from './twilio-errors.ts';
import { twilioErrorBody, type TwilioRequest } from './twilio-rest.ts';

interface AccountBody {
  friendly_name?: unknown;
  status?: unknown;
  type?: unknown;
}

/**
 * "Test connection": reads the account (GET /2010-04-01/Accounts/{sid}.json), which checks the
 * address, the SID and the token without sending anything. Answers in words an admin can act on;
 * the token never appears in them.
 */
export async function testTwilioConnection(request: TwilioRequest, accountSid: string, apiBaseUrl: string): Promise<ConnectionTest> {
  const answer = await request('GET', `/2010-04-01/Accounts/${accountSid}.json`);
  switch (answer.kind) {
    case 'timeout':
      return { ok: false, message: `Twilio did not answer within ${answer.timeoutMs / 1000} s (${apiBaseUrl})` };
    case 'network':
      return { ok: false, message: `Cannot reach Twilio at ${apiBaseUrl}: ${answer.reason}` };
    case 'aborted':
      return { ok: false, message: 'The test was stopped' };
    case 'answer':
      break;
  }
  if (answer.status === 200) {
    const body = (answer.body ?? {}) as AccountBody;
    const name = typeof body.friendly_name === 'string' ? body.friendly_name : accountSid;
    const status = typeof body.status === 'string' ? body.status : 'unknown';
    const type = typeof body.type === 'string' ? `${body.type}, ` : '';
    if (status !== 'active') return { ok: false, message: `The Twilio account "${name}" is ${status}: it cannot send messages` };
    return { ok: true, details: `Connected to the Twilio account "${name}" (${type}${status})` };
  }
  const { code, message } = twilioErrorBody(answer.body);
  if (answer.status === 401 || code === 20003) {
    return { ok: false, message: 'Twilio refused the credentials (error 20003): check the account SID and auth token' };
  }
  if (answer.status === 404) return { ok: false, message: `Twilio does not know the account ${accountSid} at ${apiBaseUrl}` };
  const reason = message ?? twilioErrorInfo(code)?.text ?? 'no details';
  return { ok: false, message: `Twilio answered HTTP ${answer.status}${code === undefined ? '' : ` (error ${code})`}: ${reason}` };
}
