import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { IconMessageCircleBolt } from '@tabler/icons-react';
import { fitLogoSize } from '../../../lib/brand/logo-size';
import type { PreviewBrand } from './brand-preview-values';

/** The logo at `scale` of its configured size (fitted to `maxWidth`), else the mark and name, as the app draws them. */
export function PreviewLogo({
  brand,
  scale,
  maxWidth,
  markColor,
  markText,
  center = false,
  showName = true,
}: {
  brand: PreviewBrand;
  scale: number;
  maxWidth: number;
  markColor: string;
  markText: string;
  center?: boolean;
  showName?: boolean;
}) {
  if (brand.logoUrl) {
    const size = fitLogoSize({ width: brand.logoWidth * scale, height: brand.logoHeight * scale }, { maxWidth });
    return (
      <Box
        component="img"
        src={brand.logoUrl}
        alt=""
        width={size.width}
        height={size.height}
        sx={{ display: 'block', objectFit: 'contain', mx: center ? 'auto' : 0 }}
      />
    );
  }
  const mark = Math.round(40 * scale);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, justifyContent: center ? 'center' : 'flex-start' }}>
      <Box
        sx={{
          width: mark,
          height: mark,
          borderRadius: 1,
          display: 'grid',
          placeItems: 'center',
          bgcolor: markColor,
          color: markText,
          flexShrink: 0,
        }}
      >
        <IconMessageCircleBolt size={Math.round(mark * 0.6)} stroke={1.8} aria-hidden />
      </Box>
      {showName ? (
        <Typography
          component="span"
          sx={{
            fontFamily: 'inherit',
            fontWeight: 700,
            fontSize: 11,
            lineHeight: 1.2,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
          }}
        >
          {brand.appName}
        </Typography>
      ) : null}
    </Box>
  );
}
