import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Contact } from '@sms/contracts/contacts';
import { renderTemplate } from '@sms/contracts/message-template';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "Camille Martin (+33612345678)" or just the number. */
export const contactLabel = (contact: Pick<Contact, 'firstName' | 'lastName' | 'phone'>): string => {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${contact.phone})` : contact.phone;
};

/** The message as one recipient of the audience sample reads it (merge fields filled, fallbacks applied). */
export function MessagePreview({ body, sample, senderId }: { body: string; sample: Contact[]; senderId: string }) {
  const { t } = useTranslation('campaigns');
  const [chosenId, setChosenId] = useState('');
  const contact = sample.find((entry) => entry.id === chosenId) ?? sample[0] ?? null;
  const rendered = renderTemplate(body, contact ?? {});

  return (
    <Box data-testid="message-preview">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('composer.preview.title')}
      </Typography>
      {sample.length > 0 && contact ? (
        <TextField
          select
          size="small"
          fullWidth
          label={t('composer.preview.for')}
          value={contact.id}
          onChange={(event) => setChosenId(event.target.value)}
          sx={{ mb: 2 }}
        >
          {sample.map((entry) => (
            <MenuItem key={entry.id} value={entry.id}>
              {contactLabel(entry)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('composer.preview.noSample')}
        </Typography>
      )}
      <Box sx={{ bgcolor: 'grey.100', borderRadius: 3, p: 2 }}>
        <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
          {senderId.trim() || t('composer.preview.defaultSender')}
        </Typography>
        <Box
          data-testid="message-preview-text"
          dir="auto"
          sx={{
            bgcolor: 'background.paper',
            color: 'text.primary',
            borderRadius: 2.5,
            px: 1.75,
            py: 1.25,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            boxShadow: 1,
            minHeight: 40,
          }}
        >
          {rendered || (
            <Typography component="span" variant="body2" color="text.secondary">
              {t('composer.preview.empty')}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
