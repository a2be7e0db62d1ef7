import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import { IconChevronDown, IconChevronUp, IconNotes } from '@tabler/icons-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotes } from '../../api/notes/get-notes';
import { useAbility } from '../../lib/permissions/use-ability';
import { ContactNotes } from './contact-notes';

/**
 * The contact's notes beside an inbox conversation (a conversation is one per contact): a
 * "Notes (n)" button in the ticket's row that opens them over the thread, so the thread keeps
 * all its height (at least 10 messages at 1366x768); nothing for a role that cannot read notes.
 */
export function ConversationNotes({ contactId }: { contactId: string }) {
  const { t } = useTranslation('notes');
  const ability = useAbility();
  const readable = ability.can('read', 'Note');
  const [open, setOpen] = useState(false);
  const count = useNotes({ contactId, limit: 1 }, readable).data?.total;
  const regionId = useId();
  const anchor = useRef<HTMLButtonElement>(null);
  if (!readable) return null;
  const Chevron = open ? IconChevronUp : IconChevronDown;
  const label = count === undefined ? t('title') : t('titleCount', { count });
  return (
    <Box sx={{ flexShrink: 0 }} data-testid="conversation-notes">
      <Button
        ref={anchor}
        size="small"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={open ? regionId : undefined}
        startIcon={<IconNotes size={18} aria-hidden />}
        endIcon={<Chevron size={16} aria-hidden />}
      >
        {label}
      </Button>
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box id={regionId} sx={{ width: 380, maxWidth: '92vw', maxHeight: '60vh', overflowY: 'auto', p: 1.5 }}>
          <ContactNotes contactId={contactId} compact />
        </Box>
      </Popover>
    </Box>
  );
}
