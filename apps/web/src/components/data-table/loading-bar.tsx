import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const slide = keyframes`
  from { inset-inline-start: -40%; }
  to { inset-inline-start: 100%; }
`;

/**
 * A thin bar sliding across while a list loads, with its name for screen readers. MUI's
 * LinearProgress does the same with two bars and four animations, in a file of its own (1.6 KB
 * compressed) on pages that are at their budget.
 */
export function LoadingBar({ height = 2 }: { height?: number }) {
  const { t } = useTranslation('common');
  return (
    <Box role="progressbar" aria-label={t('loading')} sx={{ position: 'relative', overflow: 'hidden', height, bgcolor: 'action.selected' }}>
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          width: '40%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
        }}
      />
    </Box>
  );
}
