import { describe, expect, it } from 'vitest';
import { contactPolicy } from './contacts.policy.ts';

const roles = [{ role: 'admin' as const }, { role: 'manager' as const }, { role: 'agent' as const }, { role: 'viewer' as const }];

describe('contact policy', () => {
  it('lets admins, managers and agents read and update; viewers nothing', () => {
    expect(roles.map(contactPolicy.read)).toEqual([true, true, true, false]);
    expect(roles.map(contactPolicy.update)).toEqual([true, true, true, false]);
  });

  it('keeps create, delete and export for admins and managers', () => {
    expect(roles.map(contactPolicy.create)).toEqual([true, true, false, false]);
    expect(roles.map(contactPolicy.delete)).toEqual([true, true, false, false]);
    expect(roles.map(contactPolicy.export)).toEqual([true, true, false, false]);
  });

  it('asks of a bulk action what the same change on one contact needs', () => {
    expect(roles.map((actor) => contactPolicy.bulk(actor, 'delete'))).toEqual([true, true, false, false]);
    for (const action of ['setTag', 'optOut', 'optIn'] as const) {
      expect(roles.map((actor) => contactPolicy.bulk(actor, action))).toEqual([true, true, true, false]);
    }
  });
});
