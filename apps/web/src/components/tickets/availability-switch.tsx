import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useAvailability } from '../../api/tickets/get-availability';
import { useSetAvailability } from '../../api/tickets/set-availability';

/**
 * The signed-in user's availability for new conversations (round-robin passes "away" by), as a
 * switch named by its state: in the inbox's and the tickets' headers.
 */
export function AvailabilitySwitch() {
  const { t } = useTranslation('tickets');
  const query = useAvailability();
  const change = useSetAvailability();
  const value = change.isPending ? change.variables : query.data;
  const available = value !== 'away';
  return (
    <FormControlLabel
      sx={{ m: 0, gap: 0.5 }}
      data-testid="availability"
      data-value={value ?? ''}
      control={
        <Switch
          size="small"
          checked={available}
          disabled={query.isPending || change.isPending}
          onChange={(event) => change.mutate(event.target.checked ? 'available' : 'away')}
        />
      }
      label={t(available ? 'availability.available' : 'availability.away')}
    />
  );
}
