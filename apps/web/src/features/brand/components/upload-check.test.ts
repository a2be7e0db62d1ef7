import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { acceptOf, checkBrandFile, claimedType, uploadErrorText } from './upload-check';

const MB = 1024 * 1024;

describe('brand upload checks before sending', () => {
  it('accepts the allowed types within the limit', () => {
    expect(checkBrandFile('logo', { name: 'logo.png', type: 'image/png', size: 2 * MB })).toBeNull();
    expect(checkBrandFile('logo', { name: 'logo.svg', type: 'image/svg+xml', size: 10 })).toBeNull();
    expect(checkBrandFile('favicon', { name: 'favicon.ico', type: 'image/vnd.microsoft.icon', size: 10 })).toBeNull();
    expect(checkBrandFile('loginBackground', { name: 'bg.jpg', type: 'image/jpeg', size: 5 * MB })).toBeNull();
  });

  it('refuses other types with the server message', () => {
    expect(checkBrandFile('logo', { name: 'logo.gif', type: 'image/gif', size: 10 })).toBe('Logo must be a PNG, JPEG, WebP or SVG image');
    expect(checkBrandFile('loginBackground', { name: 'bg.svg', type: 'image/svg+xml', size: 10 })).toBe(
      'Login background must be a PNG, JPEG or WebP image',
    );
    expect(checkBrandFile('logo', { name: 'notes', type: '', size: 10 })).toBe('Logo must be a PNG, JPEG, WebP or SVG image');
  });

  it('refuses files over the limit with the server message', () => {
    expect(checkBrandFile('logo', { name: 'logo.png', type: 'image/png', size: 2 * MB + 1 })).toBe('Logo must be 2 MB or smaller');
    expect(checkBrandFile('favicon', { name: 'f.png', type: 'image/png', size: 3 * MB })).toBe('Favicon must be 2 MB or smaller');
    expect(checkBrandFile('loginBackground', { name: 'bg.webp', type: 'image/webp', size: 5 * MB + 1 })).toBe(
      'Login background must be 5 MB or smaller',
    );
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(claimedType({ name: 'FAVICON.ICO', type: '' })).toBe('image/x-icon');
    expect(claimedType({ name: 'x.jpeg', type: '' })).toBe('image/jpeg');
  });

  it('offers the allowed types in the file dialog', () => {
    expect(acceptOf('loginBackground')).toBe('image/png,image/jpeg,image/webp');
    expect(acceptOf('favicon')).toContain('.ico');
  });
});

describe('upload error text', () => {
  it("shows the server's words for file problems, without the code", () => {
    const tooLarge = new ApiError({
      status: 413,
      message: 'Logo must be 2 MB or smaller (Code: PAYLOAD_TOO_LARGE)',
      detail: 'Logo must be 2 MB or smaller',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(uploadErrorText(tooLarge)).toBe('Logo must be 2 MB or smaller');
    const wrongType = new ApiError({
      status: 415,
      message: 'x (Code: UNSUPPORTED_MEDIA_TYPE)',
      detail: 'Logo must be a PNG, JPEG, WebP or SVG image',
    });
    expect(uploadErrorText(wrongType)).toBe('Logo must be a PNG, JPEG, WebP or SVG image');
  });

  it('shows the full message for other failures', () => {
    expect(uploadErrorText(new ApiError({ status: 403, message: 'Forbidden (Code: FORBIDDEN)', detail: 'Forbidden' }))).toBe(
      'Forbidden (Code: FORBIDDEN)',
    );
    expect(uploadErrorText(new Error('boom'))).toBe('boom');
  });
});
