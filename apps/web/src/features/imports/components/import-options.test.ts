import { importOptionsSchema } from '@sms/contracts/imports';
import { describe, expect, it } from 'vitest';
import { buildStartOptions, contactsLinkForTag, initialOptions } from './import-options';

describe('buildStartOptions', () => {
  it('leaves out an empty country and tag', () => {
    const options = buildStartOptions({ ...initialOptions(''), tagValue: '  ' }, null);
    expect(options).toEqual({ onDuplicate: 'skip' });
    expect(importOptionsSchema.parse(options)).toEqual(options);
  });

  it('sends the country, the trimmed tag and the sheet', () => {
    const options = buildStartOptions({ defaultCountry: 'FR', onDuplicate: 'fill', tagField: 'tag2', tagValue: ' spring ' }, 'Sheet 2');
    expect(options).toEqual({ defaultCountry: 'FR', onDuplicate: 'fill', tag: { field: 'tag2', value: 'spring' }, sheet: 'Sheet 2' });
    expect(importOptionsSchema.parse(options)).toEqual(options);
  });
});

describe('contactsLinkForTag', () => {
  it('filters the contacts list by the import tag', () => {
    expect(contactsLinkForTag('/contacts', { field: 'tag1', value: 'Spring fair' })).toBe('/contacts?tag1=Spring+fair');
    expect(contactsLinkForTag('/contacts', null)).toBe('/contacts');
  });
});
