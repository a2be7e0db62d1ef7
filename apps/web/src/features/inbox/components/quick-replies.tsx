import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { renderTemplate } from '@sms/contracts/message-template';
import { IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../lib/permissions/can';
import { getContact } from '../../../api/contacts/get-contact';
import { useQuickReplies } from '../../../api/templates/get-templates';

/**
 * Templates as quick replies: the chosen one is filled in with the contact's fields (merge fields
 * read as a campaign would) and put in the reply box to check before sending.
 */
export function QuickReplies({ contactId, onPick }: { contactId: string; onPick: (body: string, templateId: string) => void }) {
  const { t } = useTranslation('templates');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const templates = useQuickReplies('', anchor !== null);
  const pick = async (id: string, body: string) => {
    setAnchor(null);
    const contact = await getContact(contactId).catch(() => null);
    onPick(renderTemplate(body, contact ?? {}), id);
  };
  return (
    <Can I="read" a="Template">
      <Button
        size="small"
        startIcon={<IconTemplate size={18} aria-hidden />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
      >
        {t('actions.quickReplies')}
      </Button>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('actions.quickReplies') } }}
      >
        {templates.isSuccess && templates.data.data.length === 0 ? <MenuItem disabled>{t('dialog.pickEmpty')}</MenuItem> : null}
        {(templates.data?.data ?? []).map((template) => (
          <MenuItem key={template.id} onClick={() => void pick(template.id, template.body)} sx={{ maxWidth: 420 }}>
            <ListItemText primary={template.name} secondary={template.body} slotProps={{ secondary: { noWrap: true, dir: 'auto' } }} />
          </MenuItem>
        ))}
      </Menu>
    </Can>
  );
}
