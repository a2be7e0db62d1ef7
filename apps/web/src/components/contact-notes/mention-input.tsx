import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import { NOTE_LIMITS, type Mentionable } from '@sms/contracts/notes';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMentionable } from '../../api/notes/get-mentionable';
import { InputField } from '../forms/input-field';
import { mentionQuery } from './mention-query';

export interface MentionInputProps {
  value: string;
  onChange: (value: string) => void;
  /** A user picked from the suggestions (their `@Name` is in the text now). */
  onMention: (user: Mentionable) => void;
  label: string;
  error?: string | null;
  autoFocus?: boolean;
  onSubmitShortcut?: () => void;
}

/**
 * A note's text box: typing @ suggests staff by name (arrow keys and Enter, or a click); the
 * pick writes `@Name ` into the text. A combobox with a listbox, so screen readers follow it.
 */
export function MentionInput({ value, onChange, onMention, label, error, autoFocus, onSubmitShortcut }: MentionInputProps) {
  const { t } = useTranslation('notes');
  const input = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  const [query, setQuery] = useState<{ start: number; search: string } | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const suggestions = useMentionable(query?.search ?? '', query !== null);
  const options = query ? (suggestions.data ?? []) : [];
  const open = query !== null && options.length > 0;

  const track = (text: string, caret: number | null) => {
    setQuery(caret === null ? null : mentionQuery(text, caret));
    setActive(0);
  };
  const pick = (user: Mentionable) => {
    if (!query) return;
    const caret = input.current?.selectionStart ?? value.length;
    const next = `${value.slice(0, query.start)}@${user.name} ${value.slice(caret)}`;
    onChange(next);
    onMention(user);
    setQuery(null);
    const position = query.start + user.name.length + 2;
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(position, position);
    });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (open) {
      const chosen = options[active];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((active + step + options.length) % options.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && chosen) {
        event.preventDefault();
        pick(chosen);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setQuery(null);
        return;
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) onSubmitShortcut?.();
  };

  return (
    <div>
      <InputField
        fullWidth
        multiline
        minRows={2}
        maxRows={8}
        label={label}
        value={value}
        autoFocus={autoFocus}
        inputRef={input}
        error={Boolean(error)}
        helperText={error ?? t('composer.hint')}
        onChange={(event) => {
          onChange(event.target.value);
          track(event.target.value, event.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setQuery(null), 150)}
        slotProps={{
          htmlInput: {
            dir: 'auto',
            maxLength: NOTE_LIMITS.bodyMax,
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': open,
            'aria-controls': open ? listId : undefined,
            'aria-activedescendant': open ? `${listId}-${active}` : undefined,
          },
        }}
      />
      {open ? (
        <Paper elevation={4} sx={{ mt: 0.5, maxHeight: 240, overflowY: 'auto' }}>
          <List id={listId} role="listbox" aria-label={t('composer.suggestions')} dense>
            {options.map((user, index) => (
              <ListItemButton
                key={user.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                // Keep the focus in the text box: a click picks without blurring it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(user)}
              >
                {user.name}
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
    </div>
  );
}
