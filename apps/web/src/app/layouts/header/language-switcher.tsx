import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { LANGUAGES } from '@sms/contracts/languages';
import { IconLanguage } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../lib/i18n/language';
import { useLanguage } from '../../../lib/i18n/use-language';

/** Top-bar menu of the interface languages (en, fr, ar, zh); the choice persists. */
export function LanguageSwitcher() {
  const { t } = useTranslation('common');
  const { language, setLanguage } = useLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const label = t('topbar.language');
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          color="inherit"
        >
          <IconLanguage size={22} stroke={1.6} aria-hidden />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((code) => (
          <MenuItem
            key={code}
            selected={code === language}
            lang={code}
            onClick={() => {
              setAnchor(null);
              void setLanguage(code);
            }}
          >
            <ListItemText primary={LANGUAGE_NAMES[code]} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
