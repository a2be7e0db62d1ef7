import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type Language } from '@sms/contracts/languages';
import { LANGUAGE_NAMES } from '../../../lib/i18n/language';

/** The language switcher's menu; its own file so the menu's code loads on the first click, not with the page. */
export default function LanguageMenu({
  id,
  anchor,
  language,
  onClose,
  onChoose,
}: {
  id: string;
  anchor: HTMLElement | null;
  language: Language;
  onClose: () => void;
  onChoose: (language: Language) => void;
}) {
  return (
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {LANGUAGES.map((code) => (
        <MenuItem key={code} selected={code === language} lang={code} onClick={() => onChoose(code)}>
          <ListItemText primary={LANGUAGE_NAMES[code]} />
        </MenuItem>
      ))}
    </Menu>
  );
}
