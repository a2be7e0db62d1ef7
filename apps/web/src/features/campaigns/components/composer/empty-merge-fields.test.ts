import { describe, expect, it } from 'vitest';
import { emptyMergeFields } from './empty-merge-fields';

describe('emptyMergeFields', () => {
  const body = 'Hi {{first_name}}, join our open day in {{City}} this Saturday. {{ first_name | there }} {{tag1|}}';

  it('lists the fields without a value or a fallback, once each, for no contact', () => {
    expect(emptyMergeFields(body, {})).toEqual(['first_name', 'City', 'tag1']);
  });

  it("uses the contact's values, standard and custom", () => {
    expect(emptyMergeFields(body, { firstName: 'Amina', customFields: { City: 'Nairobi' } })).toEqual(['tag1']);
    expect(emptyMergeFields(body, { firstName: '  ', tag1: 'north' })).toEqual(['first_name', 'City']);
  });

  it('is empty for a body without merge fields, or whose fields all have fallbacks', () => {
    expect(emptyMergeFields('Drill at 3pm', {})).toEqual([]);
    expect(emptyMergeFields('Hello {{first_name|there}}', {})).toEqual([]);
  });
});
