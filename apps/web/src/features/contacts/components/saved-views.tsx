import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { SegmentDefinition } from '@sms/contracts/segments';
import { useTranslation } from 'react-i18next';
import { useSegments } from '../../../api/segments/get-segments';
import type { ContactsFilter } from './list-state';
import { filterOfSegment } from './segment-definition';

/** Saved segments as views of the list: choosing one sets its filters and conditions; "All contacts" clears them. */
export function SavedViews({ filter, onChange }: { filter: ContactsFilter; onChange: (patch: Partial<ContactsFilter>) => void }) {
  const { t } = useTranslation('segments');
  const segments = useSegments();
  const options = segments.data?.data ?? [];
  const current = options.some((segment) => segment.id === filter.view) ? filter.view : '';
  return (
    <TextField
      select
      size="small"
      label={t('views.label')}
      value={current}
      onChange={(event) => {
        const segment = options.find((option) => option.id === event.target.value);
        onChange(
          segment
            ? filterOfSegment(segment.id, segment.definition as SegmentDefinition)
            : { view: '', conditions: '', tag1: '', tag2: '', tag3: '', status: '', createdFrom: '', createdTo: '' },
        );
      }}
      sx={{ minWidth: 220 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'saved-views' } }}
    >
      <MenuItem value="">{t('views.all')}</MenuItem>
      {options.map((segment) => (
        <MenuItem key={segment.id} value={segment.id}>
          {segment.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
