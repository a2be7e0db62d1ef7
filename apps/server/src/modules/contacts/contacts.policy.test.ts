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

  it('lets agents tag in bulk, and keeps every other bulk action for admins and managers', () => {
    expect(roles.map((actor) => contactPolicy.bulk(actor, 'setTag'))).toEqual([true, true, true, false]);
    for (const action of ['delete', 'optOut', 'optIn'] as const) {
      expect(
        roles.map((actor) => contactPolicy.bulk(actor, action)),
        action,
      ).toEqual([true, true, false, false]);
    }
  });

  it('leaves a new number and opting back in to admins and managers; agents may opt out', () => {
    const change = (part: 'phone' | 'optOut' | 'optIn') =>
      roles.map((actor) => contactPolicy.updateChange(actor, { phone: false, optOut: false, optIn: false, [part]: true }));
    expect(change('phone')).toEqual([true, true, false, false]);
    expect(change('optIn')).toEqual([true, true, false, false]);
    expect(change('optOut')).toEqual([true, true, true, false]);
  });
});
