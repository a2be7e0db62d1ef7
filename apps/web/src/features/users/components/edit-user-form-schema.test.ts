import type { User } from '@sms/contracts/users';
import { describe, expect, it } from 'vitest';
import { changedFields, editFormDefaults, editUserFormSchema, needsCurrentPassword } from './edit-user-form-schema';

const user: User = {
  id: '7d1f7e0e-4c5e-4d43-9a55-2f4b1d1e2a10',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'manager',
  status: 'active',
  phone: null,
  locale: 'en',
  avatarUrl: null,
  twoStepEnabled: false,
  preferences: { direction: null, mode: null, colorTheme: null },
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const admin = { self: false, canChangeRole: true };
const parse = (patch: Record<string, string>) => editUserFormSchema.parse({ ...editFormDefaults(user), ...patch });

describe('edit user form', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedFields(user, parse({}), admin)).toEqual({});
    // Trimmed and lower-cased like the server does: not a change.
    expect(changedFields(user, parse({ name: ' Ada Lovelace ', email: 'ADA@example.com' }), admin)).toEqual({});
  });

  it('sends only the changed fields', () => {
    expect(changedFields(user, parse({ name: 'Ada King', role: 'admin', phone: '+44 20 7946 0000' }), admin)).toEqual({
      name: 'Ada King',
      role: 'admin',
      phone: '+44 20 7946 0000',
    });
    expect(changedFields(user, parse({ status: 'disabled', locale: 'fr', password: 'Tangerine7!x' }), admin)).toEqual({
      status: 'disabled',
      locale: 'fr',
      password: 'Tangerine7!x',
    });
  });

  it('clears the phone with null', () => {
    const withPhone = { ...user, phone: '+1 555 0100' };
    expect(changedFields(withPhone, editUserFormSchema.parse({ ...editFormDefaults(withPhone), phone: '' }), admin)).toEqual({
      phone: null,
    });
  });

  it('leaves role and status out for non-admins', () => {
    expect(changedFields(user, parse({ role: 'admin', status: 'disabled' }), { self: false, canChangeRole: false })).toEqual({});
  });

  it('adds the current password only for own email or password changes', () => {
    const self = { self: true, canChangeRole: true };
    expect(needsCurrentPassword(user, { email: 'ada@example.com', password: '' }, true)).toBe(false);
    expect(needsCurrentPassword(user, { email: 'new@example.com', password: '' }, true)).toBe(true);
    expect(needsCurrentPassword(user, { email: 'new@example.com', password: '' }, false)).toBe(false);
    expect(changedFields(user, parse({ email: 'new@example.com', currentPassword: 'old-secret' }), self)).toEqual({
      email: 'new@example.com',
      currentPassword: 'old-secret',
    });
    expect(changedFields(user, parse({ name: 'Ada', currentPassword: 'old-secret' }), self)).toEqual({ name: 'Ada' });
  });

  it('validates with the shared rules', () => {
    expect(editUserFormSchema.safeParse({ ...editFormDefaults(user), password: 'short' }).success).toBe(false);
    expect(editUserFormSchema.safeParse({ ...editFormDefaults(user), phone: 'call me' }).success).toBe(false);
    expect(editUserFormSchema.safeParse({ ...editFormDefaults(user), email: 'nope' }).success).toBe(false);
  });
});
