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
  });

  it('passes client-only keys through and leaves unknown text alone', () => {
    expect(validationMessageKey('validation.passwordsMismatch')).toEqual({ key: 'validation.passwordsMismatch' });
    expect(validationMessageKey('Something unexpected')).toBeNull();
    expect(validationMessageKey(undefined)).toBeNull();
  });
});
