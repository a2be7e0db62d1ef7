import { describe, expect, it } from 'vitest';
import { contactsList } from './list-state';
import { conditionsOf, definitionOf, filterOfSegment } from './segment-definition';

const emptyFilter = () => contactsList.filterOf(contactsList.parse(new URLSearchParams()));

describe('segments as contacts list views', () => {
  it('turns a view back into the same definition (fields, local days, conditions)', () => {
    const definition = {
      tag1: 'choir',
      status: 'active' as const,
      createdFrom: '2026-03-01',
      conditions: { tags: { match: 'none' as const, values: ['vip'] }, messagedWithinDays: 7 },
    };
    const filter = { ...emptyFilter(), ...filterOfSegment('id-1', definition) };
    expect(filter).toMatchObject({ view: 'id-1', tag1: 'choir', status: 'active', createdFrom: '2026-03-01', search: '' });
    const again = definitionOf(filter, conditionsOf(filter));
    expect(again.conditions).toEqual(definition.conditions);
    expect(again).toMatchObject({ tag1: 'choir', status: 'active' });
    expect(new Date(again.createdFrom ?? '').getDate()).toBe(1);
  });

  it('reads unreadable or missing conditions as none, and leaves the search out of a definition', () => {
    expect(conditionsOf({ ...emptyFilter(), conditions: '{not json' })).toEqual({});
    expect(definitionOf({ ...emptyFilter(), search: 'Ann' }, {})).toEqual({});
  });
});
