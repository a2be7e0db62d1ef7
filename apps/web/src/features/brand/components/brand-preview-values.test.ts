import { DEFAULT_BRAND_SETTINGS } from '@sms/contracts/brand';
import { describe, expect, it } from 'vitest';
import { previewBrand } from './brand-preview-values';

describe('live preview values', () => {
  it('shows valid edits before they are saved', () => {
    const preview = previewBrand(DEFAULT_BRAND_SETTINGS, {
      primaryColor: '#E91E63',
      appName: ' Acme ',
      logoWidth: '240',
      fontFamily: 'Georgia',
    });
    expect(preview).toMatchObject({ primaryColor: '#E91E63', appName: 'Acme', logoWidth: 240, fontFamily: 'Georgia', logoHeight: 70 });
  });

  it('keeps the saved value while a field is invalid', () => {
    const preview = previewBrand(DEFAULT_BRAND_SETTINGS, { primaryColor: '#E91E6', appName: '', logoWidth: '20', logoHeight: 'x' });
    expect(preview).toMatchObject({ primaryColor: '#041E42', appName: 'SMS Management System', logoWidth: 180, logoHeight: 70 });
  });
});
