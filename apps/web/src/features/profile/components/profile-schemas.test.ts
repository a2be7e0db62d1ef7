import type { User } from '@sms/contracts/users';
import { describe, expect, it } from 'vitest';
import { changedDetails, changePasswordSchema, profileDetailsSchema } from './profile-schemas';

const user: User = {
  id: '7d1f7e0e-4c5e-4d43-9a55-2f4b1d1e2a10',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'viewer',
  status: 'active',
  phone: '+44 20 7946 0000',
  locale: 'en',
  avatarUrl: null,
  twoStepEnabled: false,
  preferences: { direction: null, mode: null, colorTheme: null },
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('profile details', () => {
  it('sends only changed fields', () => {
    expect(changedDetails(user, profileDetailsSchema.parse({ name: ' Ada Lovelace ', phone: '+44 20 7946 0000', locale: 'en' }))).toEqual(
      {},
    );
    expect(changedDetails(user, profileDetailsSchema.parse({ name: 'Ada', phone: '', locale: 'ar' }))).toEqual({
      name: 'Ada',
      phone: null,
      locale: 'ar',
    });
  });

  it('uses the shared rules', () => {
    expect(profileDetailsSchema.safeParse({ name: '', phone: '', locale: 'en' }).success).toBe(false);
    expect(profileDetailsSchema.safeParse({ name: 'A', phone: 'abc', locale: 'en' }).success).toBe(false);
    expect(profileDetailsSchema.safeParse({ name: 'A', phone: '', locale: 'de' }).success).toBe(false);
  });
});

describe('changePasswordSchema', () => {
  const messages = (values: Record<string, string>) =>
    changePasswordSchema.safeParse(values).error?.issues.map((issue) => [issue.path[0], issue.message]);

  it('accepts a valid change', () => {
    expect(
      changePasswordSchema.safeParse({ currentPassword: 'old-secret', password: 'Tangerine7!x', confirmPassword: 'Tangerine7!x' }).success,
    ).toBe(true);
  });

  it('requires the current password, a matching confirmation and a different new password', () => {
    expect(messages({ currentPassword: '', password: 'Tangerine7!x', confirmPassword: 'Tangerine7!x' })).toEqual([
      ['currentPassword', 'validation.currentPasswordRequired'],
    ]);
    expect(messages({ currentPassword: 'old-secret', password: 'Tangerine7!x', confirmPassword: 'Tangerine7!' })).toEqual([
      ['confirmPassword', 'validation.passwordsMismatch'],
    ]);
    expect(messages({ currentPassword: 'Tangerine7!x', password: 'Tangerine7!x', confirmPassword: 'Tangerine7!x' })).toEqual([
      ['password', 'validation.passwordUnchanged'],
    ]);
  });
});
