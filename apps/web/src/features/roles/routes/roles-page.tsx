import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ROLES } from '@sms/contracts/roles';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { useAuth } from '../../../lib/auth/use-auth';
import { PermissionMatrix } from '../components/permission-matrix';

/**
 * /pages/casl: what each role may do, drawn from the policy the API enforces (packages/contracts
 * policy.ts through policyMatrix), with the signed-in user's role highlighted. Every role may read it.
 */
export default function RolesPage() {
  const { t } = useTranslation(['roles', 'common']);
  const role = useAuth().user?.role;
  return (
    <PageContainer title={t('title')} description={t('description')}>
      {role ? (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="current-role">
          {t('yourRole', { role: t(`common:roles.${role}`) })} {role === 'admin' ? null : t('askForMore')}
        </Alert>
      ) : null}
      <Grid container spacing={2} sx={{ mb: 3 }}>
        {ROLES.map((each) => (
          <Grid key={each} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Card variant="outlined" sx={{ height: '100%', ...(each === role ? { borderColor: 'primary.main', borderWidth: 2 } : {}) }}>
              <CardContent>
                <Typography variant="h6" component="h2" sx={{ mb: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {t(`common:roles.${each}`)}
                  {each === role ? <Chip size="small" color="primary" label={t('matrix.yourRole')} /> : null}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`summaries.${each}`)}
                </Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h2" sx={{ mb: 0.5 }}>
            {t('matrix.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('matrix.source')}
          </Typography>
          <PermissionMatrix role={role} />
        </CardContent>
      </Card>
    </PageContainer>
  );
}
