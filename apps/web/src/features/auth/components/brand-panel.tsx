import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconChartBar, IconMessageCircleBolt, IconSend, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '../../../components/brand-logo';
import { useBrand } from '../../../lib/brand/use-brand';
import { brandPanelBackground } from './brand-panel-background';

const HIGHLIGHTS = [
  { key: 'campaigns', icon: IconSend },
  { key: 'reports', icon: IconChartBar },
  { key: 'roles', icon: IconShieldLock },
] as const;

/**
 * The branded half of the split sign-in pages: the brand's logo, name and description on a
 * gradient of the brand primary (shaded so white text reads on it), over the brand's login
 * background image when one is set.
 */
export function BrandPanel() {
  const { t } = useTranslation('auth');
  const { appName, description, primaryColor, loginBackgroundUrl, logoUrl } = useBrand().settings;
  return (
    <Box
      component="aside"
      aria-label={t('brandPanel.label')}
      sx={(theme) => ({
        position: 'relative',
        overflow: 'hidden',
        height: '100%',
        minHeight: { xs: 260, md: '100vh' },
        px: { xs: 4, md: 8 },
        py: { xs: 5, md: 8 },
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        color: '#FFFFFF',
        background: brandPanelBackground(primaryColor, loginBackgroundUrl),
        '&::before, &::after': {
          content: '""',
          position: 'absolute',
          borderRadius: '50%',
          background: `color-mix(in srgb, ${theme.vars.palette.secondary.main} 22%, transparent)`,
          pointerEvents: 'none',
        },
        '&::before': { width: 420, height: 420, top: -160, insetInlineEnd: -140 },
        '&::after': { width: 260, height: 260, bottom: -120, insetInlineStart: -80 },
      })}
    >
      <Box sx={{ position: 'relative', zIndex: 1, maxWidth: 520 }}>
        {logoUrl ? (
          // A light plate keeps any logo visible on the dark panel.
          <Box sx={{ display: 'inline-block', mb: 3, p: 1.5, borderRadius: 2.5, bgcolor: 'rgb(255 255 255 / 92%)', maxWidth: '100%' }}>
            <BrandLogo maxWidth={440} alt="" />
          </Box>
        ) : (
          <Box
            aria-hidden
            sx={{
              width: 56,
              height: 56,
              mb: 3,
              borderRadius: 2.5,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgb(255 255 255 / 14%)',
            }}
          >
            <IconMessageCircleBolt size={32} stroke={1.8} />
          </Box>
        )}
        <Typography component="p" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' }, fontWeight: 700, lineHeight: 1.2 }}>
          {appName}
        </Typography>
        <Typography component="p" sx={{ mt: 1.5, fontSize: '1.05rem', opacity: 0.92 }}>
          {description}
        </Typography>
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, mt: 5, mb: 0, display: { xs: 'none', md: 'flex' } }}>
          {HIGHLIGHTS.map(({ key, icon: Icon }) => (
            <Stack component="li" key={key} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Box
                aria-hidden
                sx={{
                  width: 36,
                  height: 36,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'rgb(255 255 255 / 14%)',
                  flexShrink: 0,
                }}
              >
                <Icon size={20} stroke={1.7} />
              </Box>
              <Typography component="span">{t(`brandPanel.${key}`)}</Typography>
            </Stack>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
