import { describe, expect, it } from 'vitest';
import { POLICY, roleCan } from './policy.ts';
import { ROLES } from './roles.ts';

describe('role policy', () => {
  it('lets admins do everything', () => {
    expect(roleCan('admin', 'delete', 'User')).toBe(true);
    expect(roleCan('admin', 'update', 'Brand')).toBe(true);
    expect(roleCan('admin', 'launch', 'Campaign')).toBe(true);
  });

  it('lets managers run contacts and campaigns but not users or the brand', () => {
    expect(roleCan('manager', 'launch', 'Campaign')).toBe(true);
    expect(roleCan('manager', 'create', 'Import')).toBe(true);
    expect(roleCan('manager', 'read', 'User')).toBe(true);
    expect(roleCan('manager', 'create', 'User')).toBe(false);
    expect(roleCan('manager', 'update', 'Brand')).toBe(false);
  });

  it('lets agents read and edit contacts and use the inbox, nothing more', () => {
    expect(roleCan('agent', 'update', 'Contact')).toBe(true);
    expect(roleCan('agent', 'delete', 'Contact')).toBe(false);
    expect(roleCan('agent', 'read', 'Inbox')).toBe(true);
    expect(roleCan('agent', 'launch', 'Campaign')).toBe(false);
    expect(roleCan('agent', 'read', 'User')).toBe(false);
  });

  it('leaves consent to admins and managers: agents opt out and tag, but never opt in, change a number or act in bulk otherwise', () => {
    for (const action of ['optIn', 'changePhone', 'bulkEdit'] as const) {
      expect(roleCan('agent', action, 'Contact'), action).toBe(false);
      expect(roleCan('manager', action, 'Contact'), action).toBe(true);
    }
    expect(roleCan('agent', 'optOut', 'Contact')).toBe(true);
    expect(roleCan('agent', 'bulkTag', 'Contact')).toBe(true);
  });

  it('shows whole phone numbers in reports to everyone but viewers, and sign-in details of others to admins only', () => {
    expect(ROLES.filter((role) => roleCan(role, 'readPhone', 'Report'))).toEqual(['admin', 'manager', 'agent']);
    expect(ROLES.filter((role) => roleCan(role, 'readSecurity', 'User'))).toEqual(['admin']);
  });

  it('keeps viewers read-only on the dashboard and reports', () => {
    expect(roleCan('viewer', 'read', 'Report')).toBe(true);
    expect(roleCan('viewer', 'read', 'Dashboard')).toBe(true);
    expect(roleCan('viewer', 'read', 'Contact')).toBe(false);
    expect(roleCan('viewer', 'update', 'Report')).toBe(false);
  });

  it('defines rules for every role and everyone may read the brand', () => {
    for (const role of ROLES) {
      expect(POLICY[role].length).toBeGreaterThan(0);
      expect(roleCan(role, 'read', 'Brand')).toBe(true);
    }
  });
});
