import { useTranslation } from 'react-i18next';
import { TabbedPage } from '../../../components/tabbed-page';
import type { AccountTab } from '../components/account-tab';

/**
 * /pages/account-settings: one's own account in tabs (profile, password, two-step verification,
 * preferences, sessions). Tabs come from src/app; the open one is `?tab=` in the URL.
 */
export default function AccountSettings({ tabs }: { tabs: readonly AccountTab[] }) {
  const { t } = useTranslation('account');
  return (
    <TabbedPage
      title={t('title')}
      description={t('description')}
      tabsLabel={t('tabsLabel')}
      tabs={tabs}
      labelOf={(tab) => t(tab.labelKey)}
      panel="card"
    />
  );
}
