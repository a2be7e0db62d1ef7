import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field/date-field';
import { InputField } from '../../../components/forms/input-field';

const CHANNELS = ['sms', 'whatsapp', 'email'] as const;

/** Each kind of field the product uses, in its states. */
export function FormElements() {
  const { t } = useTranslation('design-gallery');
  const [channel, setChannel] = useState<string>('sms');
  const [sendAt, setSendAt] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [parts, setParts] = useState(2);
  const topics = ['news', 'offers', 'alerts', 'events'].map((key) => t(`sample.topics.${key}`));
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h3">
            {t('elements.buttons')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" data-testid="gallery-primary-button">
              {t('elements.primary')}
            </Button>
            <Button variant="contained" color="secondary">
              {t('elements.secondary')}
            </Button>
            <Button variant="outlined">{t('elements.outlined')}</Button>
            <Button>{t('elements.text')}</Button>
            <Button variant="contained" disabled>
              {t('elements.disabled')}
            </Button>
          </Stack>
          <InputField label={t('elements.name')} helperText={t('elements.nameHint')} fullWidth />
          <InputField label={t('elements.disabledField')} value={t('elements.readOnlyValue')} disabled fullWidth />
          <Autocomplete
            multiple
            options={topics}
            defaultValue={topics.slice(0, 1)}
            renderInput={(params) => <TextField {...params} label={t('elements.autocomplete')} />}
          />
          <DateField label={t('elements.dateTime')} value={sendAt} onChange={setSendAt} withTime fullWidth />
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <DateField label={t('elements.rangeFrom')} value={from} onChange={setFrom} max={to || undefined} fullWidth />
            <DateField label={t('elements.rangeTo')} value={to} onChange={setTo} min={from || undefined} fullWidth />
          </Box>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Stack spacing={2}>
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('elements.checkboxes')}</FormLabel>
            <FormGroup>
              <FormControlLabel control={<Checkbox defaultChecked />} label={t('elements.optIn')} />
              <FormControlLabel control={<Checkbox />} label={t('elements.receipts')} />
              <FormControlLabel control={<Checkbox disabled />} label={t('elements.disabled')} />
            </FormGroup>
          </FormControl>
          <FormControl component="fieldset">
            <FormLabel component="legend">{t('elements.channel')}</FormLabel>
            <RadioGroup value={channel} onChange={(event) => setChannel(event.target.value)}>
              {CHANNELS.map((value) => (
                <FormControlLabel key={value} value={value} control={<Radio />} label={t(`elements.channels.${value}`)} />
              ))}
            </RadioGroup>
          </FormControl>
          <FormGroup>
            <FormControlLabel control={<Switch defaultChecked />} label={t('elements.quietHours')} />
            <FormControlLabel control={<Switch />} label={t('elements.shortLinks')} />
          </FormGroup>
          <Box>
            <Typography id="gallery-slider-label" gutterBottom>
              {t('elements.parts', { n: parts })}
            </Typography>
            <Slider
              aria-labelledby="gallery-slider-label"
              value={parts}
              onChange={(_, value) => setParts(value as number)}
              min={1}
              max={10}
              step={1}
              marks
              valueLabelDisplay="auto"
            />
          </Box>
        </Stack>
      </Grid>
    </Grid>
  );
}
