import { DELIVERY_RETRY, SMPP_ERROR_REFERENCE, TWILIO_ERROR_REFERENCE, type ErrorHandling } from '@sms/contracts/delivery-errors';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPATCHER_OPTIONS } from './dispatcher.ts';
import { MAX_ATTEMPTS } from './outcomes.ts';
import { isUnusableBind, SMPP_STATUS, statusCode, submitVerdict } from '../../gateways/smpp/status-codes.ts';
import { twilioErrorInfo } from '../../gateways/twilio/twilio-errors.ts';

// The help page explains these codes from the contracts' reference; the gateways decide from
// their own tables. They must agree.
const SMPP_VERDICTS: Record<ReturnType<typeof submitVerdict>, ErrorHandling | 'ok'> = {
  ok: 'ok',
  throttle: 'slowDown',
  transient: 'retry',
  permanent: 'failed',
};

describe('delivery error reference (help page) against the gateways', () => {
  it('names SMPP statuses as SMPP 3.4 does and describes what the SMPP gateway does', () => {
    for (const entry of SMPP_ERROR_REFERENCE) {
      expect(SMPP_STATUS[entry.name as keyof typeof SMPP_STATUS], entry.name).toBe(entry.status);
      expect(statusCode(entry.status)).toBe(entry.name);
      const handling = isUnusableBind(entry.status) ? 'unusable' : SMPP_VERDICTS[submitVerdict(entry.status)];
      expect(handling, entry.name).toBe(entry.handling);
    }
  });

  it('describes what the Twilio gateway does for each Twilio code', () => {
    for (const entry of TWILIO_ERROR_REFERENCE) {
      expect(twilioErrorInfo(entry.code)?.handling, String(entry.code)).toBe(entry.handling);
    }
  });

  it("quotes the sending engine's retry and auto-pause defaults", () => {
    expect(DELIVERY_RETRY.maxAttempts).toBe(MAX_ATTEMPTS);
    expect(DELIVERY_RETRY.autoPauseAfter).toBe(DEFAULT_DISPATCHER_OPTIONS.autoPauseAfter);
  });
});
