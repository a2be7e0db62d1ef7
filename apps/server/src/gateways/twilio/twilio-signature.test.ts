import { describe, expect, it } from 'vitest';
import { computeTwilioSignature, isValidTwilioSignature, signatureUrlVariants } from './twilio-signature.ts';

// Published vectors, copied from Twilio's own documentation example ("Validating requests",
// twilio-python's validation example) and the request-validator tests of Twilio's helper libraries
// (twilio/twilio-csharp test/Twilio.Test/Security/RequestValidatorTest.cs, twilio-php
// RequestValidatorTest). Nothing here is computed: each expected value comes from Twilio.
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
const SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('computeTwilioSignature', () => {
  it("reproduces Twilio's documented example", () => {
    expect(computeTwilioSignature(TOKEN, URL, PARAMS)).toBe(SIGNATURE);
  });

  it('does not depend on the order the parameters arrive in', () => {
    const shuffled = { To: PARAMS.To, Digits: PARAMS.Digits, CallSid: PARAMS.CallSid, From: PARAMS.From, Caller: PARAMS.Caller };
    expect(computeTwilioSignature(TOKEN, URL, shuffled)).toBe(SIGNATURE);
  });

  it('takes each distinct value of a repeated parameter once, sorted (twilio-php vector)', () => {
    const repeated = { Sid: 'CA123', SidAccount: 'AC123', Digits: ['5678', '1234', '1234'] };
    expect(computeTwilioSignature(TOKEN, URL, repeated)).toBe('IK+Dwps556ElfBT0I3Rgjkr1wJU=');
  });
});

describe('isValidTwilioSignature', () => {
  it('accepts the documented example and refuses any change to it', () => {
    expect(isValidTwilioSignature(TOKEN, SIGNATURE, URL, PARAMS)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, 'FAIL', URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, `NOT${SIGNATURE}`, URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, undefined, URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, '', URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature('54321', SIGNATURE, URL, PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, SIGNATURE, `${URL}&extra=1`, PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, SIGNATURE, URL, { ...PARAMS, Digits: '9999' })).toBe(false);
    expect(isValidTwilioSignature(TOKEN, SIGNATURE, URL, { ...PARAMS, Extra: '' })).toBe(false);
    expect(isValidTwilioSignature(TOKEN, 'invalid 王', URL, PARAMS)).toBe(false);
  });

  it('accepts a URL signed with or without its port (twilio-csharp and twilio-php vectors)', () => {
    // Signed with the default port added while the URL has none.
    expect(isValidTwilioSignature(TOKEN, 'kvajT1Ptam85bY51eRf/AJRuM3w=', URL, PARAMS)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, '0ZXoZLH/DfblKGATFgpif+LLRf4=', 'http://mycompany.com/myapp.php?foo=1&bar=2', PARAMS)).toBe(true);
    // Signed without the custom port the URL has.
    expect(isValidTwilioSignature(TOKEN, SIGNATURE, 'https://mycompany.com:1234/myapp.php?foo=1&bar=2', PARAMS)).toBe(true);
    // Signed with the custom port.
    expect(isValidTwilioSignature(TOKEN, 'CYn1h0gLBdNxDGkKJg6hYohgeD8=', 'https://mycompany.com:1234/myapp.php?foo=1&bar=2', PARAMS)).toBe(
      true,
    );
    expect(isValidTwilioSignature(TOKEN, 'Zmvh+3yNM1Phv2jhDCwEM3q5ebU=', 'http://mycompany.com:1234/myapp.php?foo=1&bar=2', PARAMS)).toBe(
      true,
    );
  });

  it('signs the host exactly as written: no case folding (twilio-csharp vectors)', () => {
    expect(isValidTwilioSignature(TOKEN, 'g9IN/x4Cft2g517EjYvEvM/W7LU=', 'https://MyCompany.com/myapp.php?foo=1&bar=2', PARAMS)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, 'PCqOZm8cnu/L6+u5i5fuEd+Iac4=', 'https://MyCompany.com:1234/myapp.php?foo=1&bar=2', PARAMS)).toBe(
      true,
    );
    expect(isValidTwilioSignature(TOKEN, 'XY7AlKOKL6im4yWyX84gldUrtis=', 'http://MyCompany.com/myapp.php?foo=1&bar=2', PARAMS)).toBe(true);
    expect(isValidTwilioSignature(TOKEN, SIGNATURE, 'https://MyCompany.com/myapp.php?foo=1&bar=2', PARAMS)).toBe(false);
    expect(isValidTwilioSignature(TOKEN, SIGNATURE, 'https://MyCompany.com:1234/myapp.php?foo=1&bar=2', PARAMS)).toBe(false);
  });

  it('keeps credentials in the URL (twilio-csharp and twilio-php vectors)', () => {
    expect(
      isValidTwilioSignature(TOKEN, 'PJ08CxXr7KLPjEQCTc8LkUSMwSM=', 'http://username:password@MyCompany.com/myapp.php?foo=1&bar=2', PARAMS),
    ).toBe(true);
    expect(
      isValidTwilioSignature(TOKEN, 'hy/l8pca+LFms4cvRdv8uiP6NGc=', 'HTTP://username:password@MyCompany.com/myapp.php?foo=1&bar=2', PARAMS),
    ).toBe(true);
    expect(
      isValidTwilioSignature(TOKEN, 'SkTSKyDJH9kUlhItI0slbgZ1UsI=', 'http://Username:Password@MyCompany.com/myapp.php?foo=1&bar=2', PARAMS),
    ).toBe(true);
    expect(
      isValidTwilioSignature(TOKEN, 'CukzLTc1tT5dXEDIHm/tKBanW10=', 'https://user:pass@mycompany.com/myapp.php?foo=1&bar=2', PARAMS),
    ).toBe(true);
    expect(isValidTwilioSignature(TOKEN, '2YRLlVAflCqxaNicjMpJcSTgzSs=', 'https://user@mycompany.com/myapp.php?foo=1&bar=2', PARAMS)).toBe(
      true,
    );
    expect(
      isValidTwilioSignature(TOKEN, 'ZQFR1PTIZXF2MXB8ZnKCvnnA+rI=', 'https://user:pass@mycompany.com/myapp.php?foo=1&bar=2', PARAMS),
    ).toBe(true);
  });
});

describe('signatureUrlVariants', () => {
  it('adds and removes ports without touching the rest of the URL', () => {
    expect(signatureUrlVariants('https://Host.test/a?b=1')).toEqual(['https://Host.test/a?b=1', 'https://Host.test:443/a?b=1']);
    expect(signatureUrlVariants('http://u:p@[::1]:8080/x')).toEqual(['http://u:p@[::1]:8080/x', 'http://u:p@[::1]/x']);
    expect(signatureUrlVariants('not a url')).toEqual(['not a url']);
  });
});
