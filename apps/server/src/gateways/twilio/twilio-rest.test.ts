import { describe, expect, it } from 'vitest';
import { parseRetryAfter, twilioErrorBody } from './twilio-rest.ts';

describe('parseRetryAfter', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  it('reads seconds or an HTTP date, capped at an hour', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('86400', now)).toBe(3_600_000);
  });
  it('ignores what it cannot read', () => {
    for (const junk of [null, '', 'soon', '-5', '1.5']) expect(parseRetryAfter(junk, now), String(junk)).toBeUndefined();
  });
});

describe('twilioErrorBody', () => {
  it("reads Twilio's code and message, tolerating other shapes", () => {
    expect(twilioErrorBody({ code: 21211, message: ' Bad To ', more_info: 'x', status: 400 })).toEqual({ code: 21211, message: 'Bad To' });
    expect(twilioErrorBody({ code: '20003', message: '' })).toEqual({ code: 20003, message: undefined });
    expect(twilioErrorBody('<html>')).toEqual({ code: undefined, message: undefined });
    expect(twilioErrorBody({ code: 1.5, message: 7 })).toEqual({ code: undefined, message: undefined });
  });
});
