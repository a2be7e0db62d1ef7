import { describe, expect, it } from 'vitest';
import { registerFormSchema, registerFormSchemaWithMin } from './register-schema';

describe('registerFormSchema', () => {
  const valid = { name: ' Ada ', email: 'Ada@Example.COM ', password: 'Tangerine7!x', confirmPassword: 'Tangerine7!x' };

  it('accepts a valid sign-up and normalises like the server', () => {
    expect(registerFormSchema.parse(valid)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'Tangerine7!x',
      confirmPassword: 'Tangerine7!x',
    });
  });

  it('flags a confirmation that does not match on the confirmation field', () => {
    const result = registerFormSchema.safeParse({ ...valid, confirmPassword: 'Tangerine7!y' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['confirmPassword'], message: 'validation.passwordsMismatch' });
  });

  it('applies the shared password rules', () => {
    const result = registerFormSchema.safeParse({ ...valid, password: 'password1', confirmPassword: 'password1' });
    expect(result.error?.issues.map((issue) => issue.path[0])).toEqual(['password']);
  });
});

describe('registerFormSchemaWithMin', () => {
  it('asks for the configured minimum length', () => {
    const values = { name: 'Ada', email: 'ada@example.com', password: 'Tangerine7!x', confirmPassword: 'Tangerine7!x' };
    expect(registerFormSchemaWithMin(12).safeParse(values).success).toBe(true);
    expect(registerFormSchemaWithMin(14).safeParse(values).error?.issues[0]?.message).toBe('password must be at least 14 characters');
  });
});
