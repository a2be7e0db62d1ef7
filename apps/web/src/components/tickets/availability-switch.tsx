import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { USER_AVAILABILITIES, type UserAvailability } from '@sms/contracts/tickets';
import { useTranslation } from 'react-i18next';
import { useAvailability } from '../../api/tickets/get-availability';
import { useSetAvailability } from '../../api/tickets/set-availability';

/** The signed-in user's availability for new conversations (round-robin passes "away" by): in the inbox's and the tickets' headers. */
export function AvailabilitySwitch() {
  const { t } = useTranslation('tickets');
  const query = useAvailability();
  const change = useSetAvailability();
  const value = change.isPending ? change.variables : query.data;
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value ?? null}
      disabled={query.isPending}
      onChange={(_, next: UserAvailability | null) => {
        if (next && next !== value) change.mutate(next);
      }}
      aria-label={t('availability.label')}
      data-testid="availability"
      data-value={value ?? ''}
      sx={{ '& .MuiToggleButton-root': { py: 0.25, px: 1.25, textTransform: 'none' } }}
    >
      {USER_AVAILABILITIES.map((option) => (
        <ToggleButton key={option} value={option} color={option === 'available' ? 'success' : 'standard'}>
          {t(`availability.${option}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
