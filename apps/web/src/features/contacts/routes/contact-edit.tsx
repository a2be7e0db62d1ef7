import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useDefaultCountry } from '../../../lib/messaging/use-default-country';
import { useContact } from '../../../api/contacts/get-contact';
import { ContactForm } from '../components/contact-form';
import { ContactLoadState } from '../components/contact-load-state';
import { contactLabel } from '../components/contact-name';

/** /contacts/:id/edit: change a contact's number, names, tags, notes or status. */
export default function ContactEdit() {
  const { t } = useTranslation('contacts');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useContact(id);
  const defaultCountry = useDefaultCountry();
  if (!query.data || !defaultCountry.ready) return <ContactLoadState error={query.error} onRetry={() => void query.refetch()} />;
  const contact = query.data;
  const label = contactLabel(contact);
  return (
    <PageContainer
      title={t('edit.title', { name: label })}
      breadcrumbs={[
        { label: t('list.title'), to: paths.contacts.list },
        { label, to: paths.contacts.detail(contact.id) },
        { label: t('edit.crumb') },
      ]}
    >
      <Card>
        <CardContent>
          {/* Keyed by update time so a refetched contact resets the form to its new values. */}
          <ContactForm
            key={contact.updatedAt}
            contact={contact}
            defaultCountry={defaultCountry.country}
            onSaved={(saved) => void navigate(paths.contacts.detail(saved.id), { state: { notice: 'updated' } })}
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
