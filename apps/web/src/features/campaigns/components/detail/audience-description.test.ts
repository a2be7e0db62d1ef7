import { describe, expect, it } from 'vitest';
import { describeAudience } from './audience-description';

describe('describeAudience', () => {
  it('describes every kind of audience', () => {
    expect(describeAudience({ type: 'all' })).toEqual([{ key: 'audience.all', values: {} }]);
    expect(describeAudience({ type: 'contacts', count: 3 })).toEqual([{ key: 'audience.contacts', values: { count: 3, amount: 3 } }]);
    expect(describeAudience({ type: 'non_responders', campaignId: 'c1', campaignName: 'Spring', tag1: ['north', ''] })).toEqual([
      { key: 'audience.nonResponders', values: { name: 'Spring' } },
      { key: 'audience.onlyTag1', values: { values: 'north, —' } },
    ]);
    expect(describeAudience({ type: 'non_responders', campaignId: 'c1', campaignName: null })).toEqual([
      { key: 'audience.nonResponders', values: { name: 'c1' } },
    ]);
  });

  it('lists each filter, and an empty filter reads as everyone', () => {
    expect(
      describeAudience({
        type: 'filter',
        filter: { tag1: 'paris', tag3: 'vip', createdFrom: '2026-01-01', createdTo: '2026-02-01T00:00:00Z' },
      }),
    ).toEqual([
      { key: 'audience.tag', values: { field: 'tag1', value: 'paris' } },
      { key: 'audience.tag', values: { field: 'tag3', value: 'vip' } },
      { key: 'audience.createdFrom', values: { date: '2026-01-01' } },
      { key: 'audience.createdTo', values: { date: '2026-02-01' } },
    ]);
    expect(describeAudience({ type: 'filter', filter: {} })).toEqual([{ key: 'audience.all', values: {} }]);
  });
});
