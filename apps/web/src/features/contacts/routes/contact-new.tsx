import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useDefaultCountry } from '../../../lib/messaging/use-default-country';
import { ContactForm } from '../components/contact-form';

/** /contacts/new: add one contact, then land on it with a success message. */
export default function ContactNew() {
  const { t } = useTranslation('contacts');
  const navigate = useNavigate();
  const defaultCountry = useDefaultCountry();
  return (
    <PageContainer
      title={t('new.title')}
      description={t('new.description')}
      breadcrumbs={[{ label: t('list.title'), to: paths.contacts.list }, { label: t('new.title') }]}
    >
      <Card>
        <CardContent>
          {defaultCountry.ready ? (
            <ContactForm
              contact={null}
              defaultCountry={defaultCountry.country}
              onSaved={(contact) => void navigate(paths.contacts.detail(contact.id), { state: { notice: 'created' } })}
            />
          ) : (
            <FullPageLoader />
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
