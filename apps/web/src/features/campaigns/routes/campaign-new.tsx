import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { ComposerLoader } from '../components/composer/composer-loader';

/** /campaigns/new: compose a campaign; saving makes it a draft, sending or scheduling launches it. */
export default function CampaignNew() {
  const { t } = useTranslation('campaigns');
  return (
    <PageContainer
      title={t('new.title')}
      description={t('new.description')}
      breadcrumbs={[{ label: t('list.title'), to: paths.campaigns.list }, { label: t('new.title') }]}
    >
      <ComposerLoader campaign={null} />
    </PageContainer>
  );
}
