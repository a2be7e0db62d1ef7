import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/full-page-loader';
import { RetryAlert } from '../../../components/retry-alert';
import { toApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { usePricing } from '../../../api/public-site/get-pricing';
import { PageUnavailable } from '../components/page-unavailable';
import { PriceTable } from '../components/price-table';

/** /frontend-pages/pricing: what a text message costs, while the administrators show the page. */
export default function PricingPage() {
  const { t } = useTranslation('public');
  const pricing = usePricing('public');
  usePageTitle(t('pricing.pageTitle'), { description: t('pricing.description') });
  if (pricing.isPending) return <FullPageLoader />;
  if (pricing.isError)
    return toApiError(pricing.error).status === 404 ? (
      <PageUnavailable />
    ) : (
      <RetryAlert error={pricing.error} onRetry={() => void pricing.refetch()} />
    );
  return (
    <>
      <Typography variant="h3" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('pricing.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        {t('pricing.description')}
      </Typography>
      <PriceTable pricing={pricing.data} />
    </>
  );
}
