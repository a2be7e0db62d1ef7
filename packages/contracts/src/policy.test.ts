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
