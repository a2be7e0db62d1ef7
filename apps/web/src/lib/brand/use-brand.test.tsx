import { DEFAULT_BRAND_SETTINGS } from '@sms/contracts/brand';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BrandProvider } from './brand-provider';
import { useBrand, useBrandStatus } from './use-brand';

function Probe() {
  const { settings } = useBrand();
  const { loading, error } = useBrandStatus();
  return <output>{JSON.stringify({ appName: settings.appName, primaryColor: settings.primaryColor, loading, error })}</output>;
}

const text = (html: string) => JSON.parse(/<output>(.*)<\/output>/.exec(html)?.[1]?.replaceAll('&quot;', '"') ?? 'null');

describe('brand context', () => {
  it('throws outside its provider, saying so', () => {
    expect(() => renderToString(<Probe />)).toThrow('useBrand must be used within BrandProvider');
  });

  it('starts with the defaults and the loading flag set (the load runs once mounted)', () => {
    expect(
      text(
        renderToString(
          <BrandProvider>
            <Probe />
          </BrandProvider>,
        ),
      ),
    ).toEqual({
      appName: DEFAULT_BRAND_SETTINGS.appName,
      primaryColor: DEFAULT_BRAND_SETTINGS.primaryColor,
      loading: true,
      error: null,
    });
  });
});
