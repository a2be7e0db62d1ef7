import { describe, expect, it } from 'vitest';
import { campaignPolicy } from './campaigns.policy.ts';

const roles = [{ role: 'admin' as const }, { role: 'manager' as const }, { role: 'agent' as const }, { role: 'viewer' as const }];

describe('campaign policy', () => {
  it('lets admins, managers and agents read campaigns; viewers not', () => {
    expect(roles.map(campaignPolicy.read)).toEqual([true, true, true, false]);
  });

  it('keeps composing and launching for admins and managers', () => {
    for (const rule of [campaignPolicy.create, campaignPolicy.update, campaignPolicy.delete, campaignPolicy.launch]) {
      expect(roles.map(rule)).toEqual([true, true, false, false]);
    }
  });
});
