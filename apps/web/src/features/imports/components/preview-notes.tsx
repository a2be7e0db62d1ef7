import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ImportPreviewNote } from '@sms/contracts/imports';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n/use-language';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** What the preview found out about the file (the sheet it opened and why, the app's own export), from the preview's notes. */
export function PreviewNotes({ notes }: { notes: readonly ImportPreviewNote[] }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const list = new Intl.ListFormat(intlLocale(language), { type: 'conjunction' });
  if (notes.length === 0) return null;
  return (
    <Stack spacing={1.5}>
      {notes.map((note) => (
        <Alert key={note.code} severity="info" data-testid={`preview-note-${note.code}`}>
          {note.code === 'sheet_with_phone'
            ? note.skipped.length > 0
              ? t('notes.sheetWithPhone', {
                  sheet: note.sheet,
                  skipped: list.format(note.skipped.map((name) => `“${name}”`)),
                  count: note.skipped.length,
                })
              : t('notes.firstSheetWithPhone', { sheet: note.sheet })
            : note.code === 'no_phone_sheet'
              ? t('notes.noPhoneSheet', { sheet: note.sheet })
              : t('notes.contactsExport', { columns: list.format(note.ignored) })}
        </Alert>
      ))}
    </Stack>
  );
}
