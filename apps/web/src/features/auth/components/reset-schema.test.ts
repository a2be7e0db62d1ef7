import { describe, expect, it } from 'vitest';
import { resetFormSchema } from './reset-schema';

describe('resetFormSchema', () => {
  it('applies the shared rules with the configured minimum, and wants a matching confirmation', () => {
    expect(resetFormSchema(8).safeParse({ password: 'Tangerine7!x', confirmPassword: 'Tangerine7!x' }).success).toBe(true);
    expect(resetFormSchema(16).safeParse({ password: 'Tangerine7!x', confirmPassword: 'Tangerine7!x' }).error?.issues[0]?.message).toBe(
      'password must be at least 16 characters',
    );
    expect(resetFormSchema(8).safeParse({ password: 'password123', confirmPassword: 'password123' }).error?.issues[0]?.message).toMatch(
      /too common/,
    );
    expect(resetFormSchema(8).safeParse({ password: 'Tangerine7!x', confirmPassword: 'Tangerine7!' }).error?.issues[0]).toMatchObject({
      path: ['confirmPassword'],
      message: 'validation.passwordsMismatch',
    });
  });
});
