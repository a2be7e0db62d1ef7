import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { EXPORT_FORMATS, type ContactFilter, type ExportFormat } from '@sms/contracts/contacts';
import { IconChevronDown, IconFileExport } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportContacts } from '../../../api/contacts/export-contacts';

/** "Export" with CSV / XLSX: downloads every contact matching the list's filter. */
export function ExportMenu({ filter, onError }: { filter: ContactFilter; onError: (error: unknown) => void }) {
  const { t } = useTranslation('contacts');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const exporting = useExportContacts();
  const choose = (format: ExportFormat) => {
    setAnchor(null);
    exporting.mutate({ format, filter }, { onError });
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<IconFileExport size={18} aria-hidden />}
        endIcon={<IconChevronDown size={16} aria-hidden />}
        onClick={(event) => setAnchor(event.currentTarget)}
        loading={exporting.isPending}
        loadingPosition="start"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
      >
        {t('export.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => choose(format)}>
            {t(`export.${format}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
