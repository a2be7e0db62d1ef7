import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { NoticeSnackbar } from '../../../components/notice-snackbar';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { Can } from '../../../lib/permissions/can';
import { useUser } from '../../../api/users/get-user';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { UserDetailsCard } from '../components/user-details-card';
import { UserLoadState } from '../components/user-load-state';
import { UserSecurityActions } from '../components/user-security-actions';

/** /users/:id: one user's details with edit and delete (per role; never deleting yourself). */
export default function UserDetail() {
  const { t } = useTranslation(['users', 'common']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const query = useUser(id);
  const [confirming, setConfirming] = useState(false);
  if (!query.data) return <UserLoadState error={query.error} onRetry={() => void query.refetch()} />;
  const user = query.data;
  const self = me?.id === user.id;

  return (
    <PageContainer
      title={user.name}
      breadcrumbs={[{ label: t('list.title'), to: paths.users.list }, { label: user.name }]}
      actions={
        <>
          <Can I="update" a="User">
            <Button
              component={RouterLink}
              to={paths.users.edit(user.id)}
              variant="contained"
              startIcon={<IconPencil size={18} aria-hidden />}
            >
              {t('common:actions.edit')}
            </Button>
          </Can>
          {self ? null : (
            <Can I="update" a="User">
              <UserSecurityActions user={user} />
            </Can>
          )}
          <Can I="delete" a="User">
            <Button
              color="error"
              variant="outlined"
              startIcon={<IconTrash size={18} aria-hidden />}
              onClick={() => setConfirming(true)}
              disabled={self}
              aria-describedby={self ? 'delete-self-hint' : undefined}
            >
              {t('common:actions.delete')}
            </Button>
          </Can>
        </>
      }
    >
      <UserDetailsCard
        user={user}
        footer={
          self ? (
            <Alert severity="info" id="delete-self-hint">
              <Trans t={t} i18nKey="detail.selfNote" components={{ profile: <Link component={RouterLink} to={paths.accountSettings} /> }} />
            </Alert>
          ) : null
        }
      />
      <DeleteUserDialog
        user={confirming ? user : null}
        onClose={() => setConfirming(false)}
        onDeleted={() => void navigate(paths.users.list, { replace: true, state: { notice: 'deleted' } })}
      />
      <NoticeSnackbar ns="users" />
    </PageContainer>
  );
}
