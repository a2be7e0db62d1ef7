import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { ROLES } from '@sms/contracts/roles';
import { useTranslation } from 'react-i18next';
import { usePermissionMatrix } from '../../../api/roles/get-permission-matrix';
import { PageContainer } from '../../../components/page-container';
import { LoadOrRetry } from '../../../components/retry-alert';
import { useAuth } from '../../../lib/auth/use-auth';
import { PermissionMatrix } from '../components/permission-matrix';

/**
 * /pages/casl: what each role may do, as the server serves it from its routes' declarations (GET
 * /api/roles/permissions: the policy's cells, each with the operations that need it, the same
 * declarations as OpenAPI's x-permission), with the signed-in user's role highlighted. Every role may read it.
 */
export default function RolesPage() {
  const { t } = useTranslation(['roles', 'common']);
  const role = useAuth().user?.role;
  const matrix = usePermissionMatrix();
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
          <LoadOrRetry query={matrix}>
            {matrix.data ? (
              <PermissionMatrix rows={matrix.data.rows} role={role} />
            ) : (
              <Box role="status" sx={{ py: 4, display: 'grid', placeItems: 'center' }}>
                <CircularProgress aria-label={t('common:loading')} />
              </Box>
            )}
          </LoadOrRetry>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
