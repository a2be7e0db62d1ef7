import { describe, expect, it } from 'vitest';
import { fieldsWithoutFallback, renderForArchive, withoutFallbackMessage } from './public-archive.ts';

describe('the archive rendering of a campaign body', () => {
  it('names each merge field without a fallback once; an empty fallback counts as none', () => {
    expect(fieldsWithoutFallback('Hi {{first_name}} {{First_Name}} {{City | here}} {{tag1|}} {{Ville}}')).toEqual([
      'first_name',
      'tag1',
      'Ville',
    ]);
    expect(fieldsWithoutFallback('Hi {{first_name | friend}}, {{ broken')).toEqual([]);
  });

  it('replaces every merge field by its fallback, reading no contact', () => {
    expect(renderForArchive('Dear {{first_name | neighbour}}, see {{Link|our site}} {{phone}}.')).toBe('Dear neighbour, see our site .');
  });

  it('says how to fix it, listing the fields', () => {
    expect(withoutFallbackMessage(['first_name', 'City'])).toBe(
      'Give every merge field a fallback before publishing to the archive, e.g. {{first_name | there}}: {{first_name}}, {{City}}',
    );
  });
});
