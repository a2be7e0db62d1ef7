import { describe, expect, test } from 'vitest';
import { validationMessageKey } from '../../components/forms/validation-message';
import { EMPTY_SAMPLE_FORM, validateSample } from './gallery-form-rules';

const valid = { name: 'Ana Lima', email: 'ana@example.org', phone: '+254 712 345 678', role: 'agent', message: 'Hello' };

describe('the gallery sample form', () => {
  test('a filled form passes', () => {
    expect(validateSample(valid)).toEqual({ output: valid });
  });

  test('an empty form names each required field, with messages the product translates', () => {
    const result = validateSample(EMPTY_SAMPLE_FORM);
    expect(result).toEqual({
      errors: { name: 'name is required', email: 'email is required', role: 'validation.required', message: 'message is required' },
    });
    if ('errors' in result)
      for (const message of Object.values(result.errors)) expect(validationMessageKey(message as string)?.key).toBe('validation.required');
  });

  test('bad values get their own messages', () => {
    const result = validateSample({ ...valid, email: 'ana@', phone: 'call me', message: 'x'.repeat(161) });
    expect(result).toEqual({
      errors: {
        email: 'email must be a valid email address',
        phone: 'phone may contain digits, spaces and + ( ) - . only',
        message: 'message must be at most 160 characters',
      },
    });
    if ('errors' in result)
      expect(validationMessageKey(result.errors.message as string)).toEqual({ key: 'validation.tooLong', values: { max: 160 } });
  });

  test('a wizard step checks only its own fields', () => {
    expect(validateSample({ ...EMPTY_SAMPLE_FORM, name: 'Ana', email: 'ana@example.org' }, ['name', 'email', 'phone'])).toHaveProperty(
      'output',
    );
    expect(validateSample(EMPTY_SAMPLE_FORM, ['message'])).toEqual({ errors: { message: 'message is required' } });
  });
});
