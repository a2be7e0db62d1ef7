import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { IconChevronDown, IconChevronUp, IconNotes } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotes } from '../../api/notes/get-notes';
import { useAbility } from '../../lib/permissions/use-ability';
import { ContactNotes } from './contact-notes';

/**
 * The contact's notes beside an inbox conversation (a conversation is one per contact): folded
 * under a "Notes (n)" button so the thread keeps its room; nothing for a role that cannot read notes.
 */
export function ConversationNotes({ contactId }: { contactId: string }) {
  const { t } = useTranslation('notes');
  const ability = useAbility();
  const readable = ability.can('read', 'Note');
  const [open, setOpen] = useState(false);
  const count = useNotes({ contactId, limit: 1 }, readable).data?.total;
  const regionId = useId();
  if (!readable) return null;
  const Chevron = open ? IconChevronUp : IconChevronDown;
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 0.5 }} data-testid="conversation-notes">
      <Button
        size="small"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={regionId}
        startIcon={<IconNotes size={18} aria-hidden />}
        endIcon={<Chevron size={16} aria-hidden />}
      >
        {count === undefined ? t('title') : t('titleCount', { count })}
      </Button>
      {open ? (
        <Box id={regionId} sx={{ maxHeight: '40vh', overflowY: 'auto', pb: 1 }}>
          <ContactNotes contactId={contactId} compact />
        </Box>
      ) : null}
    </Box>
  );
}
