import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { SEARCH_MIN_LENGTH } from '@sms/contracts/search-limits';
import { IconSearch } from '@tabler/icons-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useDebounced } from '../../../lib/use-debounced';
import { useSearch } from '../../../api/search/search';
import { pathOfHit } from './search-paths';
import type { SearchablePage, SearchOption } from './search-types';
import { InputField } from '../../../components/forms/input-field';

interface Group {
  group: string;
  label: string;
  options: SearchOption[];
}

/**
 * The search dialog (top-bar box, Ctrl/Cmd+K): a combobox whose results are grouped (contacts,
 * campaigns, users from the server; settings pages by name here). Arrow keys move through every
 * result, Home/End jump, Enter opens, Escape closes; the pointer works too.
 */
export function SearchDialog({
  open,
  onClose,
  pages,
  initialTerm = '',
}: {
  open: boolean;
  onClose: () => void;
  pages: readonly SearchablePage[];
  /** What was typed while the dialog's code was downloading. */
  initialTerm?: string;
}) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [term, setTerm] = useState(initialTerm);
  const [active, setActive] = useState(0);
  const debounced = useDebounced(term, 120);
  const query = useSearch(debounced);
  const ids = useId();
  const titleId = `${ids}-title`;
  const listId = `${ids}-list`;
  const trimmed = debounced.trim();
  const searching = trimmed.length >= SEARCH_MIN_LENGTH;

  const groups = useMemo<Group[]>(() => {
    const found: Group[] = [];
    if (searching && query.data) {
      for (const { group, hits } of query.data.groups) {
        found.push({
          group,
          label: t(`groups.${group}`),
          options: hits.map((hit) => ({
            id: `${group}-${hit.id}`,
            group,
            title: hit.title,
            detail: [hit.detail, hit.tag ? t(`tags.${hit.tag}`, { defaultValue: hit.tag }) : null].filter(Boolean).join(' · ') || null,
            path: pathOfHit(group, hit.id, hit.title),
          })),
        });
      }
    }
    const needle = term.trim().toLocaleLowerCase();
    const matchingPages = needle ? pages.filter((page) => page.label.toLocaleLowerCase().includes(needle)) : [];
    if (matchingPages.length > 0) {
      found.push({
        group: 'pages',
        label: t('groups.pages'),
        options: matchingPages.map((page) => ({ id: `page-${page.id}`, group: 'pages', title: page.label, detail: null, path: page.path })),
      });
    }
    return found;
  }, [searching, query.data, term, pages, t]);
  const flat = groups.flatMap((group) => group.options);
  const current = flat.length === 0 ? -1 : Math.min(active, flat.length - 1);
  const optionId = (index: number) => `${ids}-option-${index}`;

  const close = () => {
    setTerm('');
    setActive(0);
    onClose();
  };
  const go = (option: SearchOption | undefined) => {
    if (!option) return;
    close();
    void navigate(option.path);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, () => number> = {
      ArrowDown: () => (current + 1) % flat.length,
      ArrowUp: () => (current - 1 + flat.length) % flat.length,
      Home: () => 0,
      End: () => flat.length - 1,
    };
    const move = moves[event.key];
    if (move && flat.length > 0) {
      event.preventDefault();
      const next = move();
      setActive(next);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(flat[current]);
    }
  };

  let status: string;
  if (term.trim().length === 0) status = t('hint');
  else if (!searching && flat.length === 0) status = t('tooShort', { count: SEARCH_MIN_LENGTH });
  else if (query.isError) status = t('failed');
  else if (searching && query.isFetching && flat.length === 0) status = t('searching');
  else if (flat.length === 0) status = t('noResults');
  else status = t('resultCount', { count: flat.length });

  // Each group's first position in the flat list that the arrow keys walk.
  const starts = groups.map((_, at) => groups.slice(0, at).reduce((sum, group) => sum + group.options.length, 0));
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 8 } } }}
    >
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        {t('title')}
      </Typography>
      <Box sx={{ p: 2, pb: 1 }}>
        <InputField
          autoFocus
          fullWidth
          value={term}
          onChange={(event) => {
            setTerm(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <IconSearch size={20} aria-hidden />
                </InputAdornment>
              ),
            },
            htmlInput: {
              role: 'combobox',
              'aria-label': t('label'),
              'aria-expanded': flat.length > 0,
              'aria-controls': listId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': current >= 0 ? optionId(current) : undefined,
              'data-testid': 'search-input',
            },
          }}
        />
      </Box>
      <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
        {status}
      </Typography>
      <Box id={listId} role="listbox" aria-label={t('results')} sx={{ maxHeight: 420, overflowY: 'auto', px: 1, pb: 1 }}>
        {groups.map((group, at) => (
          <Box key={group.group} role="group" aria-labelledby={`${ids}-${group.group}`} data-testid={`search-group-${group.group}`}>
            <Typography
              id={`${ids}-${group.group}`}
              role="presentation"
              variant="overline"
              color="text.secondary"
              sx={{ display: 'block', px: 1 }}
            >
              {group.label}
            </Typography>
            {group.options.map((option, within) => {
              const mine = (starts[at] ?? 0) + within;
              const selected = mine === current;
              return (
                <Box
                  key={option.id}
                  id={optionId(mine)}
                  role="option"
                  aria-selected={selected}
                  onClick={() => go(option)}
                  onMouseMove={() => setActive(mine)}
                  sx={{ px: 1.5, py: 0.75, borderRadius: 1, cursor: 'pointer', bgcolor: selected ? 'action.selected' : 'transparent' }}
                >
                  <Typography variant="body1">{option.title}</Typography>
                  {option.detail ? (
                    <Typography variant="body2" color="text.secondary">
                      {option.detail}
                    </Typography>
                  ) : null}
                </Box>
              );
            })}
          </Box>
        ))}
      </Box>
    </Dialog>
  );
}
