import { registerBodySchema, updateUserBodySchema } from '@sms/contracts/users';
import { describe, expect, it } from 'vitest';
import { validationMessageKey } from './validation-message';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('validationMessageKey', () => {
  it('translates the messages the shared schemas produce', () => {
    const missing = registerBodySchema.safeParse({ name: '', email: 'a@b.co', password: 'Tangerine7!x' });
    expect(validationMessageKey(firstMessage(missing))).toEqual({ key: 'validation.required' });
    const badEmail = registerBodySchema.safeParse({ name: 'A', email: 'nope', password: 'Tangerine7!x' });
    expect(validationMessageKey(firstMessage(badEmail))).toEqual({ key: 'validation.email' });
    const short = registerBodySchema.safeParse({ name: 'A', email: 'a@b.co', password: 'short' });
    expect(validationMessageKey(firstMessage(short))).toEqual({ key: 'validation.passwordTooShort', values: { min: 8 } });
    const common = registerBodySchema.safeParse({ name: 'A', email: 'a@b.co', password: 'password123' });
    expect(validationMessageKey(firstMessage(common))).toEqual({ key: 'validation.passwordCommon' });
    const phone = updateUserBodySchema.safeParse({ phone: 'call me' });
    expect(validationMessageKey(firstMessage(phone))).toEqual({ key: 'validation.phoneChars' });
    const role = updateUserBodySchema.safeParse({ role: 'owner' });
    expect(validationMessageKey(firstMessage(role))).toEqual({ key: 'validation.invalidChoice' });
    const status = updateUserBodySchema.safeParse({ status: 'gone' });
    expect(validationMessageKey(firstMessage(status))).toEqual({ key: 'validation.invalidChoice' });
  });

  it('translates the API field messages', () => {
    expect(validationMessageKey('An account with this email already exists.')).toEqual({ key: 'validation.emailTaken' });
    expect(validationMessageKey('Current password is incorrect')).toEqual({ key: 'validation.currentPasswordIncorrect' });
    expect(validationMessageKey('The password is incorrect')).toEqual({ key: 'validation.passwordIncorrect' });
    expect(validationMessageKey('code must be 6 digits')).toEqual({ key: 'validation.codeDigits' });
  });

  it('translates a raised minimum password length with its number', () => {
    expect(validationMessageKey('password must be at least 14 characters')).toEqual({
      key: 'validation.passwordTooShort',
      values: { min: 14 },
    });
  });

  it('translates the generic field rules of the contracts', () => {
    expect(validationMessageKey('rateLimit must be at least 1')).toEqual({ key: 'validation.atLeast', values: { min: 1 } });
    expect(validationMessageKey('config.acceptPerSecond must be at most 100000')).toEqual({
      key: 'validation.atMost',
      values: { max: 100000 },
    });
    expect(validationMessageKey('pricePerSegment must be 0 or more')).toEqual({ key: 'validation.atLeast', values: { min: 0 } });
    expect(validationMessageKey('replyWindowHours must be a whole number')).toEqual({ key: 'validation.wholeNumber' });
    expect(validationMessageKey('port must be between 1 and 65535')).toEqual({ key: 'validation.between', values: { min: 1, max: 65535 } });
    expect(validationMessageKey('senderId must be at most 16 characters')).toEqual({ key: 'validation.tooLong', values: { max: 16 } });
    expect(validationMessageKey('host is required')).toEqual({ key: 'validation.required' });
  });

  it('passes client-only keys through and leaves unknown text alone', () => {
    expect(validationMessageKey('validation.passwordsMismatch')).toEqual({ key: 'validation.passwordsMismatch' });
    expect(validationMessageKey('Something unexpected')).toBeNull();
    expect(validationMessageKey(undefined)).toBeNull();
  });
});
