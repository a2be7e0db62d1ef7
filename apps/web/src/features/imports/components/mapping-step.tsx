import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ImportPreview, ImportSummary } from '@sms/contracts/imports';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useStartImport } from '../../../api/imports/start-import';
import { buildStartOptions, initialOptions, type OptionsState } from './import-options';
import { choicesFromMapping, mappingFromChoices, validateChoices, type ColumnChoice } from './mapping';
import { ColumnMappingTable } from './column-mapping-table';
import { OptionsForm } from './options-form';
import { PhoneCheck } from './phone-check';
import { PreviewNotes } from './preview-notes';

export interface MappingStepProps {
  summary: ImportSummary;
  preview: ImportPreview;
  /** XLSX: the sheet the user picked (the preview reloads for it). */
  onSheetChange: (sheet: string) => void;
  loadingSheet: boolean;
  /** The default country the options start from (the organisation's, see useDefaultCountry). */
  defaultCountry: string;
  onStarted: () => void;
  onStartOver: () => void;
}

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

/** Step 2: check the preview, map the columns (auto-filled), choose the options, start. */
export function MappingStep({ summary, preview, onSheetChange, loadingSheet, defaultCountry, onStarted, onStartOver }: MappingStepProps) {
  const { t } = useTranslation('imports');
  const start = useStartImport();
  const [choices, setChoices] = useState<ColumnChoice[]>(() => choicesFromMapping(preview.headers, preview.suggestedMapping));
  const [shownPreview, setShownPreview] = useState(preview);
  const [options, setOptions] = useState<OptionsState>(() => initialOptions(defaultCountry));
  const [attempted, setAttempted] = useState(false);
  // Another sheet's preview arrived: its columns get their own suggested mapping.
  if (preview !== shownPreview) {
    setShownPreview(preview);
    setChoices(choicesFromMapping(preview.headers, preview.suggestedMapping));
  }
  const problems = validateChoices(choices);

  const submit = () => {
    setAttempted(true);
    if (!problems.valid) return;
    start.mutate(
      { id: summary.id, body: { mapping: mappingFromChoices(choices), options: buildStartOptions(options, preview.sheet) } },
      { onSuccess: onStarted },
    );
  };

  const delimiter = preview.delimiter ? t(`mapping.delimiters.${DELIMITER_NAMES[preview.delimiter] ?? 'other'}`) : null;

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{summary.fileName}</Typography>
        <Chip size="small" label={preview.format.toUpperCase()} />
        <Chip size="small" label={t('mapping.encoding', { encoding: preview.encoding.toUpperCase() })} />
        {delimiter ? <Chip size="small" label={t('mapping.delimiter', { delimiter })} /> : null}
      </Stack>

      <PreviewNotes notes={preview.notes} />

      {preview.sheets.length > 1 ? (
        <TextField
          select
          label={t('mapping.sheet')}
          value={preview.sheet ?? ''}
          onChange={(event) => onSheetChange(event.target.value)}
          sx={{ maxWidth: 320 }}
          disabled={loadingSheet}
          helperText={t('mapping.sheetHint')}
        >
          {preview.sheets.map((sheet) => (
            <MenuItem key={sheet} value={sheet}>
              {sheet}
            </MenuItem>
          ))}
        </TextField>
      ) : null}

      <Box>
        <Typography variant="h6" component="h3" sx={{ mb: 0.5 }}>
          {t('mapping.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('mapping.description', { count: preview.rows.length, rows: preview.rows.length })}
        </Typography>
        <Box sx={{ opacity: loadingSheet ? 0.5 : 1 }}>
          <ColumnMappingTable
            headers={preview.headers}
            rows={preview.rows}
            choices={choices}
            problems={attempted || Object.keys(problems.columns).length > 0 ? problems.columns : {}}
            onChange={(index, choice) => setChoices((current) => current.map((item, i) => (i === index ? choice : item)))}
          />
        </Box>
        {problems.phone && (attempted || problems.phone === 'several') ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="mapping-phone-problem">
            {t(`mapping.problems.phone.${problems.phone}`)}
          </Alert>
        ) : null}
      </Box>

      <Divider />
      <Box>
        <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
          {t('options.title')}
        </Typography>
        <OptionsForm value={options} onChange={setOptions} />
        <Box sx={{ mt: 2 }}>
          <PhoneCheck preview={preview} choices={choices} defaultCountry={options.defaultCountry} />
        </Box>
      </Box>

      {start.isError ? <Alert severity="error">{errorMessage(start.error)}</Alert> : null}

      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button color="inherit" onClick={onStartOver} disabled={start.isPending}>
          {t('mapping.otherFile')}
        </Button>
        <Button
          variant="contained"
          startIcon={<IconPlayerPlay size={18} aria-hidden />}
          onClick={submit}
          loading={start.isPending}
          disabled={loadingSheet}
        >
          {t('mapping.start')}
        </Button>
      </Stack>
    </Stack>
  );
}
