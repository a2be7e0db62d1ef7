import { describe, expect, it } from 'vitest';
import { newPasswordSchema, passwordSchemaWithMin } from './passwords.ts';

const firstIssue = (value: unknown) => newPasswordSchema.safeParse(value).error?.issues[0]?.message;

describe('new password rules', () => {
  it('accepts 8 to 128 characters', () => {
    expect(newPasswordSchema.safeParse('Tr0ub4dor&3x').success).toBe(true);
    expect(newPasswordSchema.safeParse('a'.repeat(7) + 'Z').success).toBe(true);
    expect(newPasswordSchema.safeParse('x'.repeat(128)).success).toBe(true);
  });

  it('refuses too short and too long passwords with a message naming the rule', () => {
    expect(firstIssue('Ab3$efg')).toBe('password must be at least 8 characters');
    expect(firstIssue('x'.repeat(129))).toBe('password must be at most 128 characters');
  });

  it('refuses common passwords whatever their case', () => {
    expect(firstIssue('Password123')).toMatch(/too common/);
    expect(firstIssue('QWERTYUIOP')).toMatch(/too common/);
  });
});

describe('passwords with a raised minimum', () => {
  it('applies the minimum it is given and keeps the other rules', () => {
    const schema = passwordSchemaWithMin(12);
    expect(schema.safeParse('Tr0ub4dor&3x').success).toBe(true);
    expect(schema.safeParse('Tr0ub4dor&3').error?.issues[0]?.message).toBe('password must be at least 12 characters');
    expect(schema.safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe('password must be at most 128 characters');
    expect(passwordSchemaWithMin(8).safeParse('Password123').error?.issues[0]?.message).toMatch(/too common/);
  });
});
