import { BRAND_MESSAGES } from '@sms/contracts/brand-defaults';
import { DEFAULT_BRAND_SETTINGS } from '@sms/contracts/brand';
import { describe, expect, it } from 'vitest';
import { brandFormSchema, changedFields, formValuesFrom } from './brand-form-schema';

const saved = DEFAULT_BRAND_SETTINGS;
const start = formValuesFrom(saved);
const messages = (values: object) => {
  const result = brandFormSchema.safeParse({ ...start, ...values });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('brand form rules (shared with the API)', () => {
  it('accepts the saved settings', () => {
    expect(brandFormSchema.parse(start)).toMatchObject({ logoWidth: 180, logoHeight: 70, primaryColor: '#041E42' });
  });

  it('checks logo width and height with the spec messages', () => {
    for (const logoWidth of ['49', '501', '', '120.5', 'abc'])
      expect(messages({ logoWidth }), logoWidth).toEqual([BRAND_MESSAGES.logoWidth]);
    for (const logoWidth of ['50', '500', ' 250 ']) expect(messages({ logoWidth }), logoWidth).toEqual([]);
    for (const logoHeight of ['29', '201', '']) expect(messages({ logoHeight }), logoHeight).toEqual([BRAND_MESSAGES.logoHeight]);
    for (const logoHeight of ['30', '200']) expect(messages({ logoHeight }), logoHeight).toEqual([]);
  });

  it('checks colours with the spec message; #RGB is fine', () => {
    expect(BRAND_MESSAGES.color).toBe('Invalid color format. Use hex format (#RRGGBB)');
    for (const primaryColor of ['041E42', '#041E4', '#GGGGGG', 'red', ''])
      expect(messages({ primaryColor }), primaryColor).toEqual([BRAND_MESSAGES.color]);
    expect(messages({ primaryColor: '#abc', accentColor: '#A1B2C3' })).toEqual([]);
  });
});

describe('changed fields for the partial save', () => {
  it('is empty when nothing changed, however the values are written', () => {
    expect(changedFields(saved, start)).toEqual({});
    expect(changedFields(saved, { ...start, primaryColor: '#041e42', appName: ` ${saved.appName} `, logoWidth: '180' })).toEqual({});
    expect(changedFields({ ...saved, accentColor: '#AABBCC' }, { ...start, accentColor: '#abc' })).toEqual({});
  });

  it('sends only what differs, sizes as numbers and text trimmed', () => {
    const values = { ...start, primaryColor: '#E91E63', logoWidth: '200', appName: '  Acme SMS ' };
    expect(changedFields(saved, values)).toEqual({ primaryColor: '#E91E63', logoWidth: 200, appName: 'Acme SMS' });
  });

  it('works on parsed values too', () => {
    const parsed = brandFormSchema.parse({ ...start, logoHeight: '90', fontFamily: 'Georgia', description: '' });
    expect(changedFields(saved, parsed)).toEqual({ logoHeight: 90, fontFamily: 'Georgia', description: '' });
  });
});
