import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useColorScheme } from '@mui/material/styles';
import {
  IconAlignLeft,
  IconAlignRight,
  IconBorderOuter,
  IconDeviceDesktop,
  IconLayoutNavbar,
  IconLayoutSidebar,
  IconLayoutSidebarLeftCollapse,
  IconMoon,
  IconShadow,
  IconSun,
  IconX,
  IconArrowsHorizontal,
  IconBox,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BORDER_RADIUS_MAX, BORDER_RADIUS_MIN } from '../../../lib/theme/customizer-settings';
import { useCustomizer } from '../../../lib/theme/use-customizer';
import { ColorThemePicker } from './color-theme-picker';
import { OptionGroup } from './option-group';

const ICON = { size: 20, stroke: 1.6, 'aria-hidden': true } as const;

/** The right-hand "Settings" panel: mode, colours, direction, layout, container, sidebar, cards, radius. */
export function CustomizerDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const { settings, update, reset } = useCustomizer();
  const { mode, setMode } = useColorScheme();
  const titleId = useId();
  const radiusId = useId();

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 340 } }, 'aria-labelledby': titleId } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 3, py: 2 }}>
        <Typography id={titleId} variant="h5" component="h2">
          {t('customizer.title')}
        </Typography>
        <IconButton aria-label={t('customizer.close')} onClick={onClose}>
          <IconX {...ICON} />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ px: 3, pb: 4, overflowY: 'auto' }}>
        <OptionGroup
          label={t('customizer.mode')}
          value={mode ?? 'system'}
          onChange={(next) => setMode(next)}
          options={[
            { value: 'light', label: t('customizer.light'), icon: <IconSun {...ICON} /> },
            { value: 'dark', label: t('customizer.dark'), icon: <IconMoon {...ICON} /> },
            // The device's setting (prefers-color-scheme), followed as it changes.
            { value: 'system', label: t('customizer.system'), icon: <IconDeviceDesktop {...ICON} /> },
          ]}
        />
        <ColorThemePicker value={settings.theme} onChange={(theme) => update({ theme })} />
        <OptionGroup
          label={t('customizer.direction')}
          value={settings.direction}
          onChange={(direction) => update({ direction })}
          options={[
            { value: 'ltr', label: t('customizer.ltr'), icon: <IconAlignLeft {...ICON} /> },
            { value: 'rtl', label: t('customizer.rtl'), icon: <IconAlignRight {...ICON} /> },
          ]}
        />
        <OptionGroup
          label={t('customizer.layout')}
          value={settings.layout}
          onChange={(layout) => update({ layout })}
          options={[
            { value: 'vertical', label: t('customizer.vertical'), icon: <IconLayoutSidebar {...ICON} /> },
            { value: 'horizontal', label: t('customizer.horizontal'), icon: <IconLayoutNavbar {...ICON} /> },
          ]}
        />
        <OptionGroup
          label={t('customizer.container')}
          value={settings.container}
          onChange={(container) => update({ container })}
          options={[
            { value: 'boxed', label: t('customizer.boxed'), icon: <IconBox {...ICON} /> },
            { value: 'full', label: t('customizer.fullWidth'), icon: <IconArrowsHorizontal {...ICON} /> },
          ]}
        />
        <OptionGroup
          label={t('customizer.sidebar')}
          value={settings.sidebar}
          onChange={(sidebar) => update({ sidebar })}
          options={[
            { value: 'full', label: t('customizer.sidebarFull'), icon: <IconLayoutSidebarLeftExpand {...ICON} /> },
            { value: 'mini', label: t('customizer.sidebarMini'), icon: <IconLayoutSidebarLeftCollapse {...ICON} /> },
          ]}
        />
        <OptionGroup
          label={t('customizer.card')}
          value={settings.cardShadow ? 'shadow' : 'border'}
          onChange={(card) => update({ cardShadow: card === 'shadow' })}
          options={[
            { value: 'border', label: t('customizer.cardBorder'), icon: <IconBorderOuter {...ICON} /> },
            { value: 'shadow', label: t('customizer.cardShadow'), icon: <IconShadow {...ICON} /> },
          ]}
        />
        <Typography id={radiusId} variant="h6" component="h3" sx={{ mt: 3, mb: 1 }}>
          {t('customizer.borderRadius')}
        </Typography>
        <Slider
          aria-labelledby={radiusId}
          value={settings.borderRadius}
          min={BORDER_RADIUS_MIN}
          max={BORDER_RADIUS_MAX}
          step={1}
          valueLabelDisplay="auto"
          getAriaValueText={(value) => t('customizer.borderRadiusValue', { value })}
          onChange={(_event, value) => update({ borderRadius: Array.isArray(value) ? (value[0] ?? settings.borderRadius) : value })}
        />
        <Button fullWidth variant="outlined" sx={{ mt: 3 }} onClick={reset}>
          {t('customizer.reset')}
        </Button>
      </Box>
    </Drawer>
  );
}
