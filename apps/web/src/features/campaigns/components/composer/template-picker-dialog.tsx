import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Template } from '@sms/contracts/templates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadOrRetry } from '../../../../components/retry-alert';
import { useDebounced } from '../../../../lib/use-debounced';
import { useTemplates } from '../../../../api/templates/get-templates';
import { InputField } from '../../../../components/forms/input-field';

/** Picks a template to start the message from (most used first), with a search. */
export function TemplatePickerDialog({
  open,
  onClose,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (template: Template) => void;
}) {
  const { t } = useTranslation('templates');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const query = useTemplates({ search: debounced || undefined, limit: 50, skip: 0, sort: 'useCount', order: 'desc' }, open);
  const templates = query.data?.data ?? [];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="template-picker-title">
      <DialogTitle id="template-picker-title">{t('dialog.pickTitle')}</DialogTitle>
      <DialogContent>
        <InputField
          fullWidth
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('dialog.pickSearch')}
          slotProps={{ htmlInput: { 'aria-label': t('dialog.pickSearch') } }}
          sx={{ mt: 1 }}
        />
        <LoadOrRetry query={query}>
          {query.isSuccess && templates.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {t('dialog.pickEmpty')}
            </Typography>
          ) : (
            <List data-testid="template-picker">
              {templates.map((template) => (
                <ListItemButton key={template.id} onClick={() => onPick(template)}>
                  <ListItemText
                    primary={template.category ? `${template.name} · ${template.category}` : template.name}
                    secondary={template.body}
                    slotProps={{ secondary: { noWrap: true, dir: 'auto' } }}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </LoadOrRetry>
      </DialogContent>
    </Dialog>
  );
}
