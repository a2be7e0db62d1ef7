import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { TabbedPage } from '../../../components/tabbed-page';
import { useAbility } from '../../../lib/permissions/use-ability';
import { visibleTabs, type SettingsTab } from '../components/settings-tab';

/** /configurations: the settings hub. Tabs come from src/app; the open one is `?tab=` in the URL. */
export default function Configurations({ tabs }: { tabs: readonly SettingsTab[] }) {
  const { t } = useTranslation('settings');
  const ability = useAbility();
  return (
    <TabbedPage
      title={t('title')}
      description={t('description')}
      tabsLabel={t('tabsLabel')}
      tabs={visibleTabs(tabs, (action, subject) => ability.can(action, subject))}
      labelOf={(tab) => t(tab.labelKey)}
      panel="plain"
      empty={<Alert severity="info">{t('nothingToConfigure')}</Alert>}
    />
  );
}
