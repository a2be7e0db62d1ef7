import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { IconColumns } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from './columns';

/** Which columns show: false hides one; a column not named shows. */
export type ColumnVisibility = Readonly<Record<string, boolean>>;

export interface ColumnsButtonProps<R> {
  columns: readonly ColumnDef<R>[];
  visibility: ColumnVisibility;
  onChange: (visibility: ColumnVisibility) => void;
}

/** The column chooser above a list: a menu of the columns that may be hidden, each ticked when shown. */
export function ColumnsButton<R>({ columns, visibility, onChange }: ColumnsButtonProps<R>) {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choices = columns.filter((column) => column.hideable !== false && column.headerName);
  return (
    <>
      <Button
        size="small"
        startIcon={<IconColumns size={18} aria-hidden />}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('table.columns')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {choices.map((column) => {
          const shown = visibility[column.field] !== false;
          return (
            <MenuItem
              key={column.field}
              role="menuitemcheckbox"
              aria-checked={shown}
              dense
              onClick={() => onChange({ ...visibility, [column.field]: !shown })}
            >
              <Checkbox
                size="small"
                checked={shown}
                tabIndex={-1}
                disableRipple
                sx={{ p: 0.5, mr: 1 }}
                slotProps={{ input: { 'aria-hidden': true } }}
              />
              <ListItemText primary={column.headerName} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
