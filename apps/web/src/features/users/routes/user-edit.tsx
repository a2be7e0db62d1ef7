import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useUser } from '../../../api/users/get-user';
import { EditUserForm } from '../components/edit-user-form';
import { UserLoadState } from '../components/user-load-state';

/** /users/:id/edit: change a user's details, role, status or password. */
export default function UserEdit() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useUser(id);
  if (!query.data) return <UserLoadState error={query.error} onRetry={() => void query.refetch()} />;
  const user = query.data;
  return (
    <PageContainer
      title={t('edit.title', { name: user.name })}
      breadcrumbs={[
        { label: t('list.title'), to: paths.users.list },
        { label: user.name, to: paths.users.detail(user.id) },
        { label: t('edit.crumb') },
      ]}
    >
      <Card>
        <CardContent>
          {/* Keyed by update time so a refetched user resets the form to its new values. */}
          <EditUserForm
            key={user.updatedAt}
            user={user}
            onSaved={() => void navigate(paths.users.detail(user.id), { state: { notice: 'updated' } })}
          />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
