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

/**
 * The uploaded logo at its configured width and height (object-fit: contain), or nothing when
 * none is set. Logos are usually drawn for light backgrounds, so dark mode puts a light plate
 * behind them.
 */
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
      sx={[
        (theme) => ({
          display: 'block',
          width: size.width,
          height: size.height,
          objectFit: 'contain',
          flexShrink: 0,
          ...theme.applyStyles('dark', { bgcolor: 'rgb(255 255 255 / 92%)', p: 0.5, borderRadius: 1 }),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
