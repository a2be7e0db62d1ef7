import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BrandAssetKind } from '@sms/contracts/brand';

/** Preview frames: the logo on a neutral plate, the favicon at tab size and large, the background as a cover. */
const FRAME = {
  logo: { width: 168, height: 80 },
  favicon: { width: 80, height: 80 },
  loginBackground: { width: 168, height: 96 },
} as const;

/** The image (saved, or the one being uploaded) in a frame suited to its kind; a placeholder without one. */
export function AssetPreview({
  kind,
  src,
  label,
  emptyText,
}: {
  kind: BrandAssetKind;
  src: string | null;
  label: string;
  emptyText: string;
}) {
  const frame = FRAME[kind];
  return (
    <Box
      sx={{
        ...frame,
        flexShrink: 0,
        borderRadius: 1,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'grey.100',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt={label}
          sx={
            kind === 'loginBackground'
              ? { width: '100%', height: '100%', objectFit: 'cover' }
              : kind === 'favicon'
                ? { width: 48, height: 48, objectFit: 'contain' }
                : { maxWidth: '92%', maxHeight: '88%', objectFit: 'contain' }
          }
        />
      ) : (
        <Typography variant="caption" color="text.secondary" sx={{ px: 1, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      )}
    </Box>
  );
}
