import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useBrand } from '../lib/brand/use-brand';
import { fitLogoSize } from '../lib/brand/logo-size';

export interface BrandLogoProps {
  /** Room the place has; the configured size is scaled down (aspect kept) only when it does not fit. */
  maxWidth?: number;
  maxHeight?: number;
  /** Alternative text (defaults to the app name). Pass '' when a visible name sits beside it. */
  alt?: string;
  sx?: SxProps<Theme>;
}

/** The uploaded logo at its configured width and height (object-fit: contain), or nothing when none is set. */
export function BrandLogo({ maxWidth, maxHeight, alt, sx }: BrandLogoProps) {
  const { logoUrl, logoWidth, logoHeight, appName } = useBrand().settings;
  if (!logoUrl) return null;
  const size = fitLogoSize({ width: logoWidth, height: logoHeight }, { maxWidth, maxHeight });
  return (
    <Box
      component="img"
      src={logoUrl}
      alt={alt ?? appName}
      width={size.width}
      height={size.height}
      data-testid="brand-logo"
      sx={[{ display: 'block', width: size.width, height: size.height, objectFit: 'contain', flexShrink: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
