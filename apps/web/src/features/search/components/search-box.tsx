import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { SearchablePage } from './search-types';
import { lazyWhenReachable } from '../../../lib/lazy-page';

// The dialog (with MUI's Dialog and the search query) downloads when first wanted: pointing at or
// focusing the box starts it, so it is usually there by the click.
const loadDialog = () => import('./search-dialog');
const SearchDialog = lazyWhenReachable(() => loadDialog().then((module) => ({ default: module.SearchDialog })));

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The top bar's search box: opens the search dialog on click, Ctrl+K or Cmd+K (anywhere in the app). */
export function SearchBox({ pages }: { pages: readonly SearchablePage[] }) {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  const [typedEarly, setTypedEarly] = useState('');
  const shortcut = isMac() ? '⌘K' : 'Ctrl+K';

  // Opened before its code came, the dialog is not there to type into yet: what is typed meanwhile
  // (anywhere but in a text field) is kept and becomes the dialog's first search. Once it is there,
  // its input has the focus and this lets every key through.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      setTypedEarly((typed) => typed + event.key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="search-open"
        sx={{
          gap: 1,
          px: 1.5,
          height: 38,
          borderRadius: 2,
          border: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          minWidth: { xs: 38, md: 220 },
          justifyContent: 'flex-start',
        }}
      >
        {/* Named by hidden text rather than aria-label, which would have to repeat the visible text. */}
        <Box component="span" sx={visuallyHidden}>
          {t('open', { shortcut })}
        </Box>
        <IconSearch size={18} aria-hidden />
        <Box component="span" aria-hidden sx={{ display: { xs: 'none', md: 'inline' }, flexGrow: 1, textAlign: 'start' }}>
          <Typography variant="body2" component="span">
            {t('placeholder')}
          </Typography>
        </Box>
        <Typography variant="caption" component="kbd" aria-hidden sx={{ display: { xs: 'none', md: 'inline' }, fontFamily: 'inherit' }}>
          {shortcut}
        </Typography>
      </ButtonBase>
      {open ? (
        <Suspense fallback={null}>
          <SearchDialog
            open
            onClose={() => {
              setOpen(false);
              setTypedEarly('');
            }}
            pages={pages}
            initialTerm={typedEarly}
          />
        </Suspense>
      ) : null}
    </>
  );
}
