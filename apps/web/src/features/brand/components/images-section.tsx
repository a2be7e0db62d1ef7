import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { BrandAssetKind } from '@sms/contracts/brand';
import type { ReactNode } from 'react';
import { useBrand } from '../../../lib/brand/use-brand';
import { AssetUpload } from './asset-upload';

/** Logo (with its size fields below it), favicon and sign-in background uploads. */
export function ImagesSection({
  canEdit,
  logoSize,
  logoSizeFields,
  onDone,
}: {
  canEdit: boolean;
  logoSize: () => { width: number; height: number };
  logoSizeFields: ReactNode;
  onDone: (message: string) => void;
}) {
  const { settings, uploadLogo, uploadFavicon, uploadLoginBackground, removeAsset } = useBrand();
  const common = (kind: BrandAssetKind) => ({ kind, canEdit, onDone, remove: () => removeAsset(kind) });
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Stack spacing={2.5}>
        <AssetUpload
          {...common('logo')}
          url={settings.logoUrl}
          upload={(file, onProgress) => {
            const { width, height } = logoSize();
            return uploadLogo(file, width, height, onProgress);
          }}
        />
        {logoSizeFields}
      </Stack>
      <AssetUpload {...common('favicon')} url={settings.faviconUrl} upload={(file, onProgress) => uploadFavicon(file, onProgress)} />
      <AssetUpload
        {...common('loginBackground')}
        url={settings.loginBackgroundUrl}
        upload={(file, onProgress) => uploadLoginBackground(file, onProgress)}
      />
    </Stack>
  );
}
