import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { Dashboard } from '@sms/contracts/dashboard';
import { IconAddressBook, IconPalette, IconSend, IconUsersPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdatePreferences } from '../../../api/account/update-preferences';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useAbility } from '../../../lib/permissions/use-ability';
import { GettingStartedStep } from './getting-started-step';

/**
 * The getting-started checklist, under the figures: only the steps the signed-in role can do, until
 * they are all done or the user hides it (kept in the account's preferences, so per user and on any
 * device: decision 086).
 */
export function GettingStartedSection({ setup }: { setup: Dashboard['setup'] | undefined }) {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const ability = useAbility();
  const save = useUpdatePreferences();
  const [hidden, setHidden] = useState(false);

  const steps = [
    { key: 'users', icon: IconUsersPlus, to: paths.users.new, allowed: ability.can('create', 'User'), done: setup?.users },
    { key: 'brand', icon: IconPalette, to: paths.configurations, allowed: ability.can('update', 'Brand'), done: setup?.brand },
    { key: 'contacts', icon: IconAddressBook, to: paths.contacts.upload, allowed: ability.can('create', 'Import'), done: setup?.contacts },
    { key: 'campaigns', icon: IconSend, to: paths.campaigns.new, allowed: ability.can('create', 'Campaign'), done: setup?.campaigns },
  ].filter((step) => step.allowed);
  // Shown once the figures say some step is left, and never to a user who hid it.
  const dismissed = hidden || user?.preferences.gettingStartedDismissed === true;
  if (dismissed || !setup || steps.length === 0 || steps.every((step) => step.done)) return null;

  const dismiss = () => {
    setHidden(true);
    save.mutate({ gettingStartedDismissed: true }, { onError: () => setHidden(false) });
  };

  return (
    <Box component="section" aria-labelledby="getting-started" sx={{ mb: 3 }} data-testid="getting-started">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="getting-started" variant="h5" component="h2">
          {t('stepsTitle')}
        </Typography>
        <Button size="small" color="inherit" startIcon={<IconX size={18} aria-hidden />} onClick={dismiss} data-testid="dismiss-steps">
          {t('stepsDismiss')}
        </Button>
      </Box>
      <Grid container spacing={3} component="ol" sx={{ p: 0, m: 0 }}>
        {steps.map(({ key, ...step }, index) => (
          <Grid key={key} component="li" size={{ xs: 12, sm: 6, lg: 12 / steps.length }} sx={{ display: 'flex', listStyle: 'none' }}>
            <GettingStartedStep
              index={index + 1}
              {...step}
              available
              title={t(`steps.${key}.title`)}
              description={t(`steps.${key}.description`)}
            />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
