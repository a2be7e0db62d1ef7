import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OrganisationSetup } from '@sms/contracts/organisation-setup';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { TimeZoneSelect } from '../../../components/time-zone-select';
import { browserCountry } from '../../../lib/countries';
import { browserTimeZone } from '../../../lib/time-zones';

/** The organisation's defaults as first-run setup starts them: the browser's country (from its language) and time zone. */
export const browserOrganisation = (): OrganisationSetup => ({
  defaultCountry: browserCountry() || null,
  timeZone: browserTimeZone() ?? 'UTC',
});

/**
 * First-run setup's organisation fields: the country numbers without a country code are read in,
 * and the time zone of schedules and quiet hours. Stored as the messaging defaults.
 */
export function OrganisationFields({ value, onChange }: { value: OrganisationSetup; onChange: (value: OrganisationSetup) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Stack spacing={2.5} data-testid="organisation-fields">
      <Typography variant="subtitle2" component="h2">
        {t('setup.organisation')}
      </Typography>
      <CountrySelect
        id="setup-country"
        label={t('setup.country')}
        value={value.defaultCountry ?? ''}
        onChange={(code) => onChange({ ...value, defaultCountry: code || null })}
        helperText={t('setup.countryHint')}
        groups={{ common: t('setup.commonCountries'), all: t('setup.allCountries') }}
      />
      <TimeZoneSelect
        label={t('setup.timeZone')}
        name="timeZone"
        value={value.timeZone}
        onChange={(timeZone) => onChange({ ...value, timeZone })}
        helperText={t('setup.timeZoneHint')}
      />
    </Stack>
  );
}
