import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CUSTOM_FIELD_OPERATORS,
  TAG_MATCHES,
  type ContactConditions,
  type CustomFieldOperator,
  type TagMatch,
} from '@sms/contracts/contacts';
import { SEGMENT_LIMITS, type Segment } from '@sms/contracts/segments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useDebounced } from '../../../lib/use-debounced';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { useSegmentCount } from '../../../api/segments/count-segment';
import { useCreateSegment } from '../../../api/segments/create-segment';
import type { ContactsFilter } from './list-state';
import { conditionsOf, definitionOf } from './segment-definition';

/** The advanced conditions typed in the dialog: tag sets, one custom field condition, recent messages. */
function conditionsFrom(input: {
  match: TagMatch;
  tags: string;
  field: string;
  operator: CustomFieldOperator;
  value: string;
  days: string;
}) {
  const conditions: ContactConditions = {};
  const values = input.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  if (values.length > 0) conditions.tags = { match: input.match, values };
  if (input.field.trim())
    conditions.customFields = [{ name: input.field.trim(), operator: input.operator, ...(input.value ? { value: input.value } : {}) }];
  if (/^\d+$/.test(input.days.trim())) conditions.messagedWithinDays = Number(input.days.trim());
  return conditions;
}

/** "Save as segment": the list's filters plus advanced conditions, counted live, saved under a name. */
export function SaveSegmentDialog({
  filter,
  onClose,
  onSaved,
}: {
  filter: ContactsFilter;
  onClose: () => void;
  onSaved: (segment: Segment) => void;
}) {
  const { t } = useTranslation('segments');
  const { language } = useLanguage();
  const start = conditionsOf(filter);
  const [name, setName] = useState('');
  const [match, setMatch] = useState<TagMatch>(start.tags?.match ?? 'any');
  const [tags, setTags] = useState(start.tags?.values.join(', ') ?? '');
  const first = start.customFields?.[0];
  const [field, setField] = useState(first?.name ?? '');
  const [operator, setOperator] = useState<CustomFieldOperator>(first?.operator ?? 'equals');
  const [value, setValue] = useState(first?.value ?? '');
  const [days, setDays] = useState(start.messagedWithinDays ? String(start.messagedWithinDays) : '');
  const conditions = { ...start, ...conditionsFrom({ match, tags, field, operator, value, days }) };
  if (!tags.trim()) delete conditions.tags;
  if (!field.trim()) delete conditions.customFields;
  if (!days.trim()) delete conditions.messagedWithinDays;
  const definition = definitionOf(filter, conditions);
  const debounced = useDebounced(definition, 400);
  const count = useSegmentCount(debounced, true);
  const create = useCreateSegment();
  const failedField = create.error instanceof ApiError ? create.error.field : undefined;
  const number = new Intl.NumberFormat(intlLocale(language));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="save-segment-title">
      <DialogTitle id="save-segment-title">{t('save.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {create.error ? <Alert severity="error">{errorMessage(create.error)}</Alert> : null}
          <TextField
            autoFocus
            label={t('fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={failedField === 'name'}
            slotProps={{ htmlInput: { maxLength: SEGMENT_LIMITS.nameMax, 'data-testid': 'segment-name' } }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('save.filtersHint')}
          </Typography>
          <Stack direction="row" spacing={1.5}>
            <TextField
              select
              label={t('fields.tagMatch')}
              value={match}
              onChange={(event) => setMatch(event.target.value as TagMatch)}
              sx={{ minWidth: 160 }}
            >
              {TAG_MATCHES.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`tagMatch.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              fullWidth
              label={t('fields.tags')}
              helperText={t('fields.tagsHint')}
              value={tags}
              onChange={(event) => setTags(event.target.value)}
            />
          </Stack>
          <Stack direction="row" spacing={1.5}>
            <TextField label={t('fields.customField')} value={field} onChange={(event) => setField(event.target.value)} />
            <TextField
              select
              label={t('fields.operator')}
              value={operator}
              onChange={(event) => setOperator(event.target.value as CustomFieldOperator)}
              sx={{ minWidth: 150 }}
            >
              {CUSTOM_FIELD_OPERATORS.map((option) => (
                <MenuItem key={option} value={option}>
                  {t(`operators.${option}`)}
                </MenuItem>
              ))}
            </TextField>
            {operator === 'equals' || operator === 'contains' ? (
              <TextField label={t('fields.value')} value={value} onChange={(event) => setValue(event.target.value)} />
            ) : null}
          </Stack>
          <TextField
            label={t('fields.messagedWithinDays')}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Typography role="status" aria-live="polite" data-testid="segment-count">
            {count.data
              ? t('save.count', {
                  count: count.data.total,
                  total: number.format(count.data.total),
                  active: number.format(count.data.active),
                })
              : count.error
                ? errorMessage(count.error)
                : t('save.counting')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('save.cancel')}</Button>
        <Button
          variant="contained"
          disabled={name.trim() === '' || create.isPending}
          data-testid="segment-save"
          onClick={() => create.mutate({ name, definition }, { onSuccess: onSaved })}
        >
          {t('save.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
