import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Locale } from '@sms/contracts/locales';
import { localeOptions } from '../../../lib/i18n/locale-names';

/**
 * The language switcher's menu; its own file so the menu's code loads on the first click, not with
 * the page. The four translated languages first, then MUI's locales by their own names (decision 107).
 */
export default function LanguageMenu({
  id,
  anchor,
  language,
  onClose,
  onChoose,
}: {
  id: string;
  anchor: HTMLElement | null;
  language: Locale;
  onClose: () => void;
  onChoose: (language: Locale) => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose} slotProps={{ paper: { sx: { maxHeight: '70vh' } } }}>
      {localeOptions().map(({ value, label }) => (
        <MenuItem key={value} selected={value === language} lang={value} onClick={() => onChoose(value)}>
          <ListItemText primary={label} />
        </MenuItem>
      ))}
    </Menu>
  );
}
