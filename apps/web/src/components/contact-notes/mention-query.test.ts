import { describe, expect, it } from 'vitest';
import { mentionQuery } from './mention-query';

describe('mentionQuery', () => {
  it('finds the name being typed after an @ just before the caret', () => {
    expect(mentionQuery('Ask @Ma', 7)).toEqual({ start: 4, search: 'Ma' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, search: '' });
    expect(mentionQuery('Ask @Maria and', 14)).toBeNull();
    // An e-mail address is not a mention.
    expect(mentionQuery('write to alex@exa', 17)).toBeNull();
    // Only up to the caret.
    expect(mentionQuery('Ask @Ma later', 7)).toEqual({ start: 4, search: 'Ma' });
  });
});
