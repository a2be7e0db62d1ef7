import { describe, expect, it } from 'vitest';
import { progressPercent, UPLOAD_PATHS } from './upload-brand-asset';

describe('brand uploads', () => {
  it('reports whole percent, 0 while the size is unknown', () => {
    expect(progressPercent(0, 200)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(200, 200)).toBe(100);
    expect(progressPercent(250, 200)).toBe(100);
    expect(progressPercent(50, undefined)).toBe(0);
    expect(progressPercent(50, 0)).toBe(0);
  });

  it('posts to the spec section 7 paths', () => {
    expect(UPLOAD_PATHS).toEqual({
      logo: '/api/brand-settings/logo',
      favicon: '/api/brand-settings/favicon',
      loginBackground: '/api/brand-settings/login-background',
    });
  });
});
