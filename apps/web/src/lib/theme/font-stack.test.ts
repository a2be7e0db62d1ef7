import { BRAND_FONTS } from '@sms/contracts/brand-defaults';
import { describe, expect, it } from 'vitest';
import { fontStack } from './font-stack';

describe('brand font stack', () => {
  it('puts the brand family first, then system faces', () => {
    expect(fontStack('Plus Jakarta Sans')).toMatch(/^'Plus Jakarta Sans', system-ui, .*sans-serif$/);
    expect(fontStack('Inter').startsWith("'Inter', ")).toBe(true);
  });

  it('falls back to serif faces for serif families', () => {
    expect(fontStack('Georgia')).toMatch(/^'Georgia', .*serif$/);
    expect(fontStack('Georgia')).not.toMatch(/sans-serif$/);
  });

  it('uses system faces for system-ui, empty or odd values, and never lets quotes through', () => {
    expect(fontStack('system-ui').startsWith('system-ui, ')).toBe(true);
    expect(fontStack('')).toBe(fontStack('system-ui'));
    expect(fontStack("Evil'; } body { color: red")).not.toMatch(/[;{}]|Evil'/);
  });

  it('has a stack for every allowed font', () => {
    for (const font of BRAND_FONTS) expect(fontStack(font)).toContain(font === 'system-ui' ? 'system-ui' : `'${font}'`);
  });
});
