import { ROLES } from '@sms/contracts/roles';
import { describe, expect, it } from 'vitest';
import { brandPolicy } from './brand.policy.ts';

describe('brandPolicy', () => {
  it('lets everyone read the brand, anonymous visitors included', () => {
    expect(brandPolicy.read(null)).toBe(true);
    for (const role of ROLES) expect(brandPolicy.read({ role })).toBe(true);
  });

  it('lets administrators only change it', () => {
    expect(ROLES.filter((role) => brandPolicy.update({ role }))).toEqual(['admin']);
  });
});
