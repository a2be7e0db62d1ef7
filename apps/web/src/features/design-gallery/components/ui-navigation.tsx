import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { moveChecked } from '../transfer';

const PEOPLE = ['Ana Lima', 'Kofi Mensah', 'Mei Chen'];
const TABS = ['overview', 'messages', 'settings'] as const;
const TOPICS = ['news', 'offers', 'alerts', 'events', 'surveys'];

/** A list of people with their avatars and secondary lines. */
export function ListDemo() {
  const { t } = useTranslation('design-gallery');
  return (
    <Paper variant="outlined" sx={{ maxWidth: 480 }}>
      <List>
        {PEOPLE.map((name, index) => (
          <ListItem key={name} divider={index < PEOPLE.length - 1}>
            <ListItemAvatar>
              <UserAvatar name={name} />
            </ListItemAvatar>
            <ListItemText primary={name} secondary={t('ui.list.secondary', { n: (index + 1) * 3 })} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** A rating, editable and read-only. */
export function RatingDemo() {
  const { t } = useTranslation('design-gallery');
  const [value, setValue] = useState<number | null>(4);
  return (
    <Stack spacing={1}>
      <Typography id="gallery-rating-label">{t('ui.rating.label')}</Typography>
      <Rating name="gallery-rating" value={value} onChange={(_, next) => setValue(next)} aria-labelledby="gallery-rating-label" />
      <Rating name="gallery-rating-read" value={3.5} precision={0.5} readOnly />
    </Stack>
  );
}

/** Tabs and their panels. */
export function TabsDemo() {
  const { t } = useTranslation('design-gallery');
  const [tab, setTab] = useState<(typeof TABS)[number]>('overview');
  return (
    <Box>
      <Tabs value={tab} onChange={(_, next: (typeof TABS)[number]) => setTab(next)} variant="scrollable" allowScrollButtonsMobile>
        {TABS.map((id) => (
          <Tab key={id} value={id} label={t(`ui.tabs.${id}`)} id={`gallery-tab-${id}`} aria-controls={`gallery-tabpanel-${id}`} />
        ))}
      </Tabs>
      <Divider />
      <Box role="tabpanel" id={`gallery-tabpanel-${tab}`} aria-labelledby={`gallery-tab-${tab}`} sx={{ py: 2 }}>
        <Typography variant="body2">{t(`ui.tabs.${tab}Text`)}</Typography>
      </Box>
    </Box>
  );
}

/** Tooltips on a button and an icon. */
export function TooltipDemo() {
  const { t } = useTranslation('design-gallery');
  return (
    <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      <Tooltip title={t('ui.tooltip.text')} describeChild>
        <Button variant="outlined">{t('ui.tooltip.hover')}</Button>
      </Tooltip>
      <Tooltip title={t('ui.tooltip.icon')} placement="top">
        <Box
          component="span"
          role="img"
          tabIndex={0}
          aria-label={t('ui.tooltip.icon')}
          sx={{ display: 'inline-flex', color: 'primary.main' }}
        >
          <IconInfoCircle size={22} aria-hidden />
        </Box>
      </Tooltip>
    </Stack>
  );
}

/** Two lists and buttons that move the ticked items between them. */
export function TransferListDemo() {
  const { t } = useTranslation('design-gallery');
  const [sides, setSides] = useState({ left: TOPICS.slice(0, 3), right: TOPICS.slice(3) });
  const [checked, setChecked] = useState<string[]>([]);
  const toggle = (item: string) =>
    setChecked((current) => (current.includes(item) ? current.filter((other) => other !== item) : [...current, item]));
  const side = (key: 'left' | 'right') => (
    <Paper variant="outlined" sx={{ width: { xs: '100%', sm: 220 }, minHeight: 200 }}>
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }} id={`gallery-transfer-${key}`}>
        {t(`ui.transfer.${key}`)}
      </Typography>
      <List dense aria-labelledby={`gallery-transfer-${key}`}>
        {sides[key].map((item) => (
          <ListItem key={item} sx={{ py: 0 }}>
            <FormControlLabel
              control={<Checkbox size="small" checked={checked.includes(item)} onChange={() => toggle(item)} />}
              label={t(`sample.topics.${item}`)}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
  const move = (to: 'left' | 'right') => {
    const next = moveChecked(sides, checked, to);
    setSides(next.sides);
    setChecked(next.checked);
  };
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: 'center' }}>
      {side('left')}
      <Stack direction={{ xs: 'row', sm: 'column' }} sx={{ gap: 1 }}>
        <Button variant="outlined" size="small" onClick={() => move('right')}>
          {t('ui.transfer.toRight')}
        </Button>
        <Button variant="outlined" size="small" onClick={() => move('left')}>
          {t('ui.transfer.toLeft')}
        </Button>
      </Stack>
      {side('right')}
    </Stack>
  );
}

/** The theme's type scale. */
export function TypographyDemo() {
  const { t } = useTranslation('design-gallery');
  const variants = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'subtitle1', 'body1', 'body2', 'caption'] as const;
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      {variants.map((variant) => (
        <Box key={variant} sx={{ display: 'flex', gap: 2, alignItems: 'baseline', minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" sx={{ width: 72, flexShrink: 0 }}>
            {variant}
          </Typography>
          <Typography variant={variant} component="p" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {t('ui.typography.sample')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
