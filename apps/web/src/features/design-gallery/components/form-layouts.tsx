import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/forms/input-field';

/** The same fields laid out vertically, horizontally (label beside the field) and with adornments. */
export function FormLayouts() {
  const { t } = useTranslation('design-gallery');
  const [message, setMessage] = useState(t('layouts.sampleMessage'));
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
          {t('layouts.vertical')}
        </Typography>
        <Stack spacing={2}>
          <InputField label={t('elements.name')} fullWidth />
          <InputField label={t('layouts.email')} type="email" fullWidth />
          <InputField
            label={t('layouts.message')}
            multiline
            minRows={3}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            helperText={t('layouts.characters', { n: message.length })}
            fullWidth
          />
          <Box>
            <Button variant="contained">{t('layouts.save')}</Button>
          </Box>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
          {t('layouts.horizontal')}
        </Typography>
        <Stack spacing={2}>
          {(['name', 'phone', 'price'] as const).map((field) => (
            <Box key={field} sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: 1, alignItems: 'center' }}>
              <Typography component="label" htmlFor={`gallery-horizontal-${field}`}>
                {t(`layouts.fields.${field}`)}
              </Typography>
              <InputField
                id={`gallery-horizontal-${field}`}
                fullWidth
                slotProps={{
                  htmlInput: { dir: field === 'phone' ? 'ltr' : undefined },
                  input:
                    field === 'price'
                      ? { startAdornment: <InputAdornment position="start">€</InputAdornment> }
                      : field === 'phone'
                        ? { startAdornment: <InputAdornment position="start">+254</InputAdornment> }
                        : {},
                }}
              />
            </Box>
          ))}
        </Stack>
      </Grid>
    </Grid>
  );
}
