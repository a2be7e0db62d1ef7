import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** First tab stop: jumps keyboard users past the navigation to #main-content. */
export function SkipLink() {
  const { t } = useTranslation('common');
  return (
    <Box
      component="a"
      href="#main-content"
      sx={{
        position: 'absolute',
        insetInlineStart: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'textColor.primary',
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {t('skipToContent')}
    </Box>
  );
}
