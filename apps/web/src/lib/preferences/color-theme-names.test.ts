import { COLOR_THEME_NAMES } from '@sms/contracts/preferences';
import { describe, expect, it } from 'vitest';
import { COLOR_THEMES } from '../theme/color-themes';

describe('saved colour themes', () => {
  it('are the customizer themes, so a preference saved to the account always applies', () => {
    expect([...COLOR_THEME_NAMES]).toEqual([...COLOR_THEMES]);
  });
});
