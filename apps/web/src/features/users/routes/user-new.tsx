import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { CreateUserForm } from '../components/create-user-form';

/** /users/new: an administrator creates an account, then lands on it with a success message. */
export default function UserNew() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  return (
    <PageContainer
      title={t('new.title')}
      description={t('new.description')}
      breadcrumbs={[{ label: t('list.title'), to: paths.users.list }, { label: t('new.title') }]}
    >
      <Card>
        <CardContent>
          <CreateUserForm onCreated={(user) => void navigate(paths.users.detail(user.id), { state: { notice: 'created' } })} />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
