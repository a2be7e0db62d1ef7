import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { NUMBER_TYPES, type NumberType } from '@sms/contracts/senders';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { usePurchaseNumber } from '../../../api/senders/purchase-number';
import { AccessDenied } from '../../../components/access-denied';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAbility } from '../../../lib/permissions/use-ability';

/** /apps/ecommerce/eco-checkout: confirms the purchase of the number chosen in the shop, with its monthly price. */
export default function CheckoutPage() {
  const { t } = useTranslation('senders');
  const ability = useAbility();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const purchase = usePurchaseNumber();
  const number = params.get('number') ?? '';
  const gatewayId = params.get('gateway') ?? '';
  const country = params.get('country') ?? '';
  const type = NUMBER_TYPES.find((option) => option === params.get('type')) as NumberType | undefined;
  const price = params.get('price');
  if (!ability.can('create', 'Sender')) return <AccessDenied ns="senders" />;
  const buy = () => {
    if (!type) return;
    purchase.mutate(
      { gatewayId, phoneNumber: number, country, type },
      { onSuccess: (sender) => void navigate(paths.senders.detail(sender.id)) },
    );
  };
  return (
    <PageContainer title={t('checkout.title')} description={t('checkout.description')}>
      {!number || !type ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={paths.senders.shop}>
              {t('list.buy')}
            </Button>
          }
        >
          {t('checkout.nothing')}
        </Alert>
      ) : (
        <Card>
          <CardContent>
            <Typography variant="h2" sx={{ fontSize: '1.5rem', mb: 1 }} dir="ltr">
              {number}
            </Typography>
            <Typography>{t('checkout.summary', { country, type: t(`numberType.${type}`) })}</Typography>
            <Typography data-testid="checkout-price" sx={{ mt: 1, fontWeight: 600 }}>
              {price ? t('checkout.price', { price }) : t('checkout.priceUnknown')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t('checkout.webhooks')}
            </Typography>
            {purchase.isError ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorMessage(purchase.error)}
              </Alert>
            ) : null}
          </CardContent>
          <CardActions>
            <Button variant="contained" onClick={buy} disabled={purchase.isPending}>
              {t('checkout.confirm', { price: price ?? '—' })}
            </Button>
            <Button component={RouterLink} to={paths.senders.shop}>
              {t('checkout.back')}
            </Button>
          </CardActions>
        </Card>
      )}
    </PageContainer>
  );
}
