import { describe, expect, it } from 'vitest';
import { fitLogoSize } from './logo-size';

describe('logo size', () => {
  it('keeps the configured size when it fits', () => {
    expect(fitLogoSize({ width: 180, height: 70 })).toEqual({ width: 180, height: 70 });
    expect(fitLogoSize({ width: 180, height: 70 }, { maxWidth: 222 })).toEqual({ width: 180, height: 70 });
  });

  it('scales down to the room, keeping the aspect ratio', () => {
    expect(fitLogoSize({ width: 500, height: 200 }, { maxWidth: 222 })).toEqual({ width: 222, height: 89 });
    expect(fitLogoSize({ width: 180, height: 70 }, { maxWidth: 56, maxHeight: 40 })).toEqual({ width: 56, height: 22 });
    expect(fitLogoSize({ width: 50, height: 200 }, { maxWidth: 200, maxHeight: 48 })).toEqual({ width: 12, height: 48 });
  });
});
