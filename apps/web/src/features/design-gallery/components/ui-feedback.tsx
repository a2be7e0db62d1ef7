import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import AvatarGroup from '@mui/material/AvatarGroup';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { UserAvatar } from '../../../components/user-avatar';

const SEVERITIES = ['success', 'info', 'warning', 'error'] as const;
const PEOPLE = ['Ana Lima', 'Kofi Mensah', 'Mei Chen', 'Omar Haddad', 'Lena Berger'];

/** Alerts in each severity, with a title and an action. */
export function AlertsDemo() {
  const { t } = useTranslation('design-gallery');
  return (
    <Stack spacing={1.5}>
      {SEVERITIES.map((severity) => (
        <Alert key={severity} severity={severity} variant={severity === 'error' ? 'filled' : 'standard'}>
          <AlertTitle>{t(`ui.alerts.${severity}.title`)}</AlertTitle>
          {t(`ui.alerts.${severity}.text`)}
        </Alert>
      ))}
    </Stack>
  );
}

/** Accordions: one open at a time. */
export function AccordionDemo() {
  const { t } = useTranslation('design-gallery');
  const [open, setOpen] = useState<string | false>('q1');
  return (
    <div>
      {(['q1', 'q2', 'q3'] as const).map((id) => (
        <Accordion key={id} expanded={open === id} onChange={(_, expanded) => setOpen(expanded ? id : false)} disableGutters>
          <AccordionSummary expandIcon={<IconChevronDown size={18} />} id={`gallery-${id}-header`} aria-controls={`gallery-${id}-content`}>
            <Typography component="span">{t(`ui.faq.${id}.question`)}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`gallery-${id}-content`}>
            <Typography variant="body2">{t(`ui.faq.${id}.answer`)}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}

/** The product's avatars (initials on the brand's colours), alone and grouped. */
export function AvatarsDemo() {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
      {PEOPLE.slice(0, 3).map((name, index) => (
        <UserAvatar key={name} name={name} size={[32, 40, 56][index]} />
      ))}
      <AvatarGroup>
        {PEOPLE.map((name) => (
          <UserAvatar key={name} name={name} />
        ))}
      </AvatarGroup>
    </Stack>
  );
}

/** Chips: colours, outlined, deletable and clickable. */
export function ChipsDemo() {
  const { t } = useTranslation('design-gallery');
  const [tags, setTags] = useState(['news', 'offers', 'alerts', 'events']);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Chip label={t('lists.statuses.subscribed')} color="success" />
      <Chip label={t('lists.statuses.pending')} color="warning" />
      <Chip label={t('lists.statuses.optedOut')} />
      <Chip label={t('ui.chipPrimary')} color="primary" />
      <Chip label={t('ui.chipOutlined')} color="primary" variant="outlined" />
      {tags.map((tag) => (
        <Chip
          key={tag}
          label={t(`sample.topics.${tag}`)}
          variant="outlined"
          onDelete={() => setTags((current) => current.filter((other) => other !== tag))}
        />
      ))}
    </Stack>
  );
}

/** The product's confirmation dialog, as deleting or leaving asks. */
export function DialogDemo() {
  const { t } = useTranslation('design-gallery');
  const [open, setOpen] = useState<'plain' | 'danger' | null>(null);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <Button variant="outlined" onClick={() => setOpen('plain')}>
        {t('ui.dialog.open')}
      </Button>
      <Button variant="outlined" color="error" onClick={() => setOpen('danger')}>
        {t('ui.dialog.openDanger')}
      </Button>
      <ConfirmDialog
        open={open !== null}
        title={open === 'danger' ? t('ui.dialog.dangerTitle') : t('ui.dialog.title')}
        message={open === 'danger' ? t('ui.dialog.dangerText') : t('ui.dialog.text')}
        confirmLabel={open === 'danger' ? t('ui.dialog.delete') : t('ui.dialog.confirm')}
        danger={open === 'danger'}
        onConfirm={() => setOpen(null)}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

/** A popover anchored to its button. */
export function PopoverDemo() {
  const { t } = useTranslation('design-gallery');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button variant="contained" onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="dialog">
        {t('ui.popover.open')}
      </Button>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Typography sx={{ p: 2, maxWidth: 280 }}>{t('ui.popover.text')}</Typography>
      </Popover>
    </>
  );
}
