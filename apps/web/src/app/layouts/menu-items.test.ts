import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';
import { describe, expect, it } from 'vitest';
import { visibleMenu } from './menu-items';

const labels = (role: Role) =>
  visibleMenu((action, subject) => subject !== 'all' && roleCan(role, action, subject)).flatMap((group) =>
    group.items.map((item) => item.labelKey),
  );

describe('menu per role', () => {
  it('shows everything to admins', () => {
    expect(labels('admin')).toEqual([
      'nav.dashboard',
      'nav.usage',
      'nav.contacts',
      'nav.campaigns',
      'nav.reports',
      'nav.chats',
      'nav.calendar',
      'nav.kanban',
      'nav.team',
      'nav.emailLog',
      'nav.tickets',
      'nav.notes',
      'nav.followers',
      'nav.gallery',
      'nav.statements',
      'nav.senders',
      'nav.users',
      'nav.configurations',
      'nav.faq',
      'nav.roles',
    ]);
  });

  it('hides users from roles that cannot read them', () => {
    expect(labels('agent')).not.toContain('nav.users');
    // Usage and spend (decision 109); numbers and sender IDs: every role reads the list (decision 108).
    expect(labels('viewer')).toEqual([
      'nav.dashboard',
      'nav.usage',
      'nav.reports',
      'nav.senders',
      'nav.configurations',
      'nav.faq',
      'nav.roles',
    ]);
    expect(labels('manager')).toContain('nav.users');
    // The team is read by those who read users; the e-mail log is for administrators.
    expect(labels('manager')).toContain('nav.team');
    expect(labels('manager')).not.toContain('nav.emailLog');
    expect(labels('agent')).not.toContain('nav.team');
    // Notes: everyone but viewers.
    expect(labels('agent')).toContain('nav.notes');
  });
});
