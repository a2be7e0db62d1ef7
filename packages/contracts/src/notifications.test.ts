import { describe, expect, it } from 'vitest';
import { kindsForRole, notificationPath } from './notifications.ts';

describe('notifications', () => {
  it('go to the roles that may read what they are about (the policy)', () => {
    expect(kindsForRole('admin')).toHaveLength(12);
    // Budget warnings are for those who may change the budgets (decision 109).
    expect(kindsForRole('admin')).toContain('budget_warning');
    expect(kindsForRole('manager')).toEqual([
      'import_completed',
      'import_failed',
      'campaign_completed',
      'campaign_paused',
      'gateway_disconnected',
      'replies',
      'keyword_rule',
      'campaign_approval_requested',
      'campaign_approval_rejected',
      'campaign_approved',
      'note_mention',
    ]);
    expect(kindsForRole('agent')).toEqual(['campaign_completed', 'campaign_paused', 'replies', 'keyword_rule', 'note_mention']);
    expect(kindsForRole('viewer')).toEqual([]);
  });

  it('open the page concerned', () => {
    expect(notificationPath('import_failed', 'a b')).toBe('/contacts/upload?import=a%20b');
    expect(notificationPath('campaign_paused', 'c1')).toBe('/campaigns/c1');
    expect(notificationPath('campaign_approval_requested', 'c1')).toBe('/campaigns/c1');
    expect(notificationPath('gateway_disconnected', 'g1')).toBe('/configurations?tab=gateways');
    expect(notificationPath('replies', 'c1')).toBe('/apps/chats?campaign=c1');
    expect(notificationPath('replies', null)).toBe('/apps/chats');
    expect(notificationPath('keyword_rule', 'k1')).toBe('/apps/chats?contact=k1');
    expect(notificationPath('note_mention', 'k1')).toBe('/contacts/k1');
  });
});
