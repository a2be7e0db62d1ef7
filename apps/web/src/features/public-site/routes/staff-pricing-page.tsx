import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { RetryAlert } from '../../../components/retry-alert';
import { usePricing } from '../../../api/public-site/get-pricing';
import { PriceTable } from '../components/price-table';

/** /pages/pricing: the price the composer's estimate uses, for every signed-in role. */
export default function StaffPricingPage() {
  const { t } = useTranslation('public');
  const pricing = usePricing('staff');
  return (
    <PageContainer title={t('pricing.title')} description={t('pricing.staffDescription')}>
      {pricing.isPending ? (
        <FullPageLoader />
      ) : pricing.isError ? (
        <RetryAlert error={pricing.error} onRetry={() => void pricing.refetch()} />
      ) : (
        <PriceTable pricing={pricing.data} />
      )}
    </PageContainer>
  );
}
