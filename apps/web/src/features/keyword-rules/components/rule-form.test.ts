import { describe, expect, it } from 'vitest';
import { blankAction, ruleBody, ruleFormValues, splitWords } from './rule-form';

describe('keyword rule form', () => {
  it('splits words on spaces and commas', () => {
    expect(splitWords(' vip, gold  SILVER,,')).toEqual(['vip', 'gold', 'SILVER']);
  });

  it('sends only the chosen type of each action, and reads a saved rule back', () => {
    const body = ruleBody({
      name: 'VIP',
      words: 'vip gold',
      enabled: true,
      actions: [
        { ...blankAction('tag'), value: 'vip', text: 'ignored' },
        { ...blankAction('answer'), text: 'Hi' },
        { ...blankAction('notify'), roles: ['manager'] },
        { ...blankAction('assign'), userId: 'u-1' },
        blankAction('assign'),
      ],
    });
    expect(body).toEqual({
      name: 'VIP',
      words: ['vip', 'gold'],
      enabled: true,
      actions: [
        { type: 'tag', field: 'tag1', value: 'vip' },
        { type: 'answer', text: 'Hi' },
        { type: 'notify', roles: ['manager'], userIds: [] },
        { type: 'assign', userId: 'u-1' },
        { type: 'assign', userId: null },
      ],
    });
    const values = ruleFormValues({
      id: 'r',
      name: 'VIP',
      words: ['VIP', 'GOLD'],
      actions: body.actions,
      enabled: false,
      position: 1,
      createdAt: '',
      updatedAt: '',
    });
    expect(values.words).toBe('VIP GOLD');
    expect(ruleBody(values).actions).toEqual(body.actions);
  });
});
