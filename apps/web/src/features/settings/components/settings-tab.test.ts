import type { Action, Subject } from '@sms/contracts/policy';
import { describe, expect, it } from 'vitest';
import { selectedTab, visibleTabs } from './settings-tab';

const tabs = [
  { id: 'brand', requires: [['read', 'Brand']] as Array<[Action, Subject]> },
  { id: 'gateways', requires: [['read', 'Gateway']] as Array<[Action, Subject]> },
];

describe('settings hub tabs', () => {
  it('shows the tabs the role may read', () => {
    const viewer = (action: Action, subject: Subject) => action === 'read' && subject === 'Brand';
    expect(visibleTabs(tabs, viewer).map((tab) => tab.id)).toEqual(['brand']);
    expect(visibleTabs(tabs, () => true).map((tab) => tab.id)).toEqual(['brand', 'gateways']);
    expect(visibleTabs(tabs, () => false)).toEqual([]);
  });

  it('opens the tab in the URL, else the first', () => {
    expect(selectedTab(tabs, 'gateways')?.id).toBe('gateways');
    expect(selectedTab(tabs, null)?.id).toBe('brand');
    expect(selectedTab(tabs, 'nope')?.id).toBe('brand');
    expect(selectedTab([], 'brand')).toBeNull();
  });
});
