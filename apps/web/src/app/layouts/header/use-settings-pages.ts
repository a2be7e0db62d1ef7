import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { visibleTabs } from '../../../features/settings/components/settings-tab';
import type { SearchablePage } from '../../../features/search/components/search-types';
import { useAbility } from '../../../lib/permissions/use-ability';
import { ACCOUNT_SETTINGS_TABS } from '../../account-settings-tabs';
import { CONFIGURATION_TABS } from '../../configuration-tabs';

/** The settings pages the search offers by name: the configuration tabs the role may see, and every account settings tab. */
export function useSettingsPages(): SearchablePage[] {
  const { t } = useTranslation(['settings', 'account']);
  const ability = useAbility();
  return useMemo(
    () => [
      ...visibleTabs(CONFIGURATION_TABS, (action, subject) => ability.can(action, subject)).map((tab) => ({
        id: `configuration-${tab.id}`,
        label: t(tab.labelKey, { ns: 'settings' }),
        path: paths.configurationsTab(tab.id),
      })),
      ...ACCOUNT_SETTINGS_TABS.map((tab) => ({
        id: `account-${tab.id}`,
        label: t(tab.labelKey, { ns: 'account' }),
        path: `${paths.accountSettings}?tab=${encodeURIComponent(tab.id)}`,
      })),
    ],
    [t, ability],
  );
}
