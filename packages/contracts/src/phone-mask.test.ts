import { describe, expect, it } from 'vitest';
import { maskPhone } from './phone-mask.ts';

describe('maskPhone', () => {
  it('keeps the country code, two leading and three trailing digits (PRODUCT.md: +44 79** ***456)', () => {
    expect(maskPhone('+447911123456')).toBe('+44 79** ***456');
    expect(maskPhone('+14155550100')).toBe('+1 41** ***100');
    expect(maskPhone('+33612345678')).toBe('+33 61** **678');
    expect(maskPhone('+8613800138000')).toBe('+86 13** ****000');
  });

  it('never shows a whole number, however short or unparseable', () => {
    expect(maskPhone('+80012345678')).toBe('+800 12** *678');
    for (const input of ['+12', '+1234', '+999123']) expect(maskPhone(input)).toContain('*');
  });
});
