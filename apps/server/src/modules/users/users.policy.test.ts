import { describe, expect, it } from 'vitest';
import { userPolicy } from './users.policy.ts';

const admin = { id: 'a', role: 'admin' as const };
const manager = { id: 'm', role: 'manager' as const };
const agent = { id: 'g', role: 'agent' as const };
const viewer = { id: 'v', role: 'viewer' as const };

describe('user policy', () => {
  it('lets admins and managers list users, not agents or viewers', () => {
    expect([admin, manager, agent, viewer].map(userPolicy.list)).toEqual([true, true, false, false]);
  });

  it('lets everyone read and edit themselves, only admins edit others', () => {
    for (const actor of [admin, manager, agent, viewer]) {
      expect(userPolicy.read(actor, actor)).toBe(true);
      expect(userPolicy.update(actor, actor)).toBe(true);
    }
    expect(userPolicy.read(manager, viewer)).toBe(true);
    expect(userPolicy.read(agent, viewer)).toBe(false);
    expect(userPolicy.update(manager, viewer)).toBe(false);
    expect(userPolicy.update(admin, viewer)).toBe(true);
  });

  it('keeps creating, deleting and role or status changes for admins', () => {
    expect([admin, manager, agent, viewer].map(userPolicy.create)).toEqual([true, false, false, false]);
    expect([admin, manager, agent, viewer].map(userPolicy.delete)).toEqual([true, false, false, false]);
    expect([admin, manager, agent, viewer].map(userPolicy.changeRoleOrStatus)).toEqual([true, false, false, false]);
  });
});
