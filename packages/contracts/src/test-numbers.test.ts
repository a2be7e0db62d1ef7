import { describe, expect, it } from 'vitest';
import { normalisePhone, normalisePhoneReference } from './phone.ts';
import { isTestNumber, testNumberOutcome } from './test-numbers.ts';

describe('test numbers', () => {
  it('are +44 7700 900000 to 900999, read however they are written', () => {
    for (const read of [normalisePhone, normalisePhoneReference]) {
      expect(read('+447700900123')).toMatchObject({ ok: true, e164: '+447700900123' });
      expect(read('+44 7700 900000')).toMatchObject({ ok: true, e164: '+447700900000' });
      expect(read('07700 900999', 'GB')).toMatchObject({ ok: true, e164: '+447700900999' });
      expect(read('0044 7700 900 123')).toMatchObject({ ok: true, e164: '+447700900123' });
      // Next to the range: what libphonenumber says (not assigned).
      expect(read('+447700901000').ok).toBe(false);
    }
    expect(isTestNumber('+4477009001234')).toBe(false);
    expect(isTestNumber('+447700900abc')).toBe(false);
  });

  it('have a fixed outcome by their last three digits', () => {
    expect(
      ['+447700900000', '+447700900123', '+447700900200', '+447700900350', '+447700900499', '+447700900500', '+447911123456'].map(
        testNumberOutcome,
      ),
    ).toEqual(['delivered', 'delivered', 'undelivered', 'failed', 'replies', 'delivered', undefined]);
  });
});
