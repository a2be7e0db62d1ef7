import { startImportBodySchema } from '@sms/contracts/imports';
import { describe, expect, it } from 'vitest';
import { choicesFromMapping, defaultCustomName, mappingFromChoices, validateChoices, type ColumnChoice } from './mapping';

const choice = (target: ColumnChoice['target'], customName = ''): ColumnChoice => ({ target, customName });

describe('choicesFromMapping', () => {
  it('turns the suggested mapping into one choice per column', () => {
    const choices = choicesFromMapping(['Mobile', 'First', 'Region', 'Notes'], { '0': 'phone', '1': 'firstName', '2': 'custom:region' });
    expect(choices).toEqual([
      choice('phone', 'Mobile'),
      choice('firstName', 'First'),
      choice('custom', 'region'),
      choice('ignore', 'Notes'),
    ]);
  });

  it('names unnamed columns by position', () => {
    expect(defaultCustomName('  ', 2)).toBe('column_3');
    expect(defaultCustomName('x'.repeat(80), 0)).toHaveLength(64);
  });
});

describe('mappingFromChoices', () => {
  it('leaves ignored columns out and prefixes custom names', () => {
    const mapping = mappingFromChoices([choice('phone'), choice('ignore'), choice('custom', ' city '), choice('tag1')]);
    expect(mapping).toEqual({ '0': 'phone', '2': 'custom:city', '3': 'tag1' });
    expect(startImportBodySchema.parse({ mapping }).mapping).toEqual(mapping);
  });
});

describe('validateChoices', () => {
  it('needs exactly one phone column', () => {
    expect(validateChoices([choice('firstName'), choice('ignore')])).toMatchObject({ phone: 'missing', valid: false });
    expect(validateChoices([choice('phone'), choice('phone')])).toMatchObject({ phone: 'several', valid: false });
    expect(validateChoices([choice('phone'), choice('email')])).toEqual({ phone: null, columns: {}, valid: true });
  });

  it('flags unnamed, too long and repeated targets', () => {
    const result = validateChoices([
      choice('phone'),
      choice('custom', ' '),
      choice('custom', 'y'.repeat(65)),
      choice('email'),
      choice('email'),
      choice('custom', 'City'),
      choice('custom', 'city'),
    ]);
    expect(result.columns).toEqual({ 1: 'customNameRequired', 2: 'customNameTooLong', 4: 'duplicateTarget', 6: 'duplicateTarget' });
    expect(result.valid).toBe(false);
  });
});
