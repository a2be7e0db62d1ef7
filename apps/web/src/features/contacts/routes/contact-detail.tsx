import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { IconDownload, IconEraser, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { NoticeSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { Can } from '../../../lib/permissions/can';
import { useContact } from '../../../api/contacts/get-contact';
import { ContactConsentsCard } from '../components/contact-consents-card';
import { ContactDetailsCard } from '../components/contact-details-card';
import { ContactMessagesCard } from '../components/contact-messages-card';
import { ContactTimelineCard } from '../components/contact-timeline-card';
import { ContactLoadState } from '../components/contact-load-state';
import { contactLabel } from '../components/contact-name';
import { DeleteContactDialog } from '../components/delete-contact-dialog';
import { EraseContactDialog } from '../components/erase-contact-dialog';
import { downloadPersonalData } from '../../../api/contacts/download-personal-data';

/** /contacts/:id: a contact's details with edit and delete (per role); and its message history. */
export default function ContactDetail() {
  const { t } = useTranslation(['contacts', 'common', 'erasure']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useContact(id);
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  if (!query.data) return <ContactLoadState error={query.error} onRetry={() => void query.refetch()} />;
  const contact = query.data;
  const label = contactLabel(contact);

  return (
    <PageContainer
      title={label}
      breadcrumbs={[{ label: t('list.title'), to: paths.contacts.list }, { label }]}
      actions={
        <>
          <Can I="update" a="Contact">
            <Button
              component={RouterLink}
              to={paths.contacts.edit(contact.id)}
              variant="contained"
              startIcon={<IconPencil size={18} aria-hidden />}
            >
              {t('common:actions.edit')}
            </Button>
          </Can>
          <Can I="delete" a="Contact">
            <Button color="error" variant="outlined" startIcon={<IconTrash size={18} aria-hidden />} onClick={() => setConfirming(true)}>
              {t('common:actions.delete')}
            </Button>
            <Button color="error" variant="outlined" startIcon={<IconEraser size={18} aria-hidden />} onClick={() => setErasing(true)}>
              {t('erasure:erase')}
            </Button>
          </Can>
          <Can I="export" a="Contact">
            <Button
              variant="outlined"
              startIcon={<IconDownload size={18} aria-hidden />}
              onClick={() => {
                setDownloadError(null);
                downloadPersonalData(contact.id, 'zip').catch((error: unknown) => setDownloadError(errorMessage(error)));
              }}
            >
              {t('erasure:personalData')}
            </Button>
          </Can>
        </>
      }
    >
      {downloadError ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="personal-data-error">
          {downloadError}
        </Alert>
      ) : null}
      <ContactDetailsCard contact={contact} />
      <ContactConsentsCard contactId={contact.id} />
      <ContactMessagesCard contactId={contact.id} />
      <ContactTimelineCard contactId={contact.id} />
      <DeleteContactDialog
        contact={confirming ? contact : null}
        onClose={() => setConfirming(false)}
        onDeleted={() => void navigate(paths.contacts.list, { replace: true, state: { notice: 'deleted' } })}
      />
      <EraseContactDialog
        contact={erasing ? contact : null}
        onClose={() => setErasing(false)}
        onErased={() => void navigate(paths.contacts.list, { replace: true })}
      />
      <NoticeSnackbar ns="contacts" />
    </PageContainer>
  );
}
