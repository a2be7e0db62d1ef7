import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useCallback, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { useAbility } from '../../../lib/permissions/use-ability';
import { selectedTab, visibleTabs, type SettingsTab } from '../components/settings-tab';

/** /configurations: the settings hub. Tabs come from src/app; the open one is `?tab=` in the URL. */
export default function Configurations({ tabs }: { tabs: readonly SettingsTab[] }) {
  const { t } = useTranslation('settings');
  const ability = useAbility();
  const [searchParams, setSearchParams] = useSearchParams();
  const baseId = useId();
  const shown = visibleTabs(tabs, (action, subject) => ability.can(action, subject));
  const current = selectedTab(shown, searchParams.get('tab'));

  // Switching tabs replaces the history entry: Back leaves the hub instead of stepping through tabs.
  const open = useCallback(
    (id: string) =>
      setSearchParams(
        (params) => {
          params.set('tab', id);
          return params;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  // The open tab is always in the URL (a missing or unknown ?tab= is corrected).
  const currentId = current?.id;
  const requested = searchParams.get('tab');
  useEffect(() => {
    if (currentId && requested !== currentId) open(currentId);
  }, [currentId, requested, open]);

  return (
    <PageContainer title={t('title')} description={t('description')}>
      {current ? (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
            <Tabs
              value={current.id}
              onChange={(_event, id: string) => open(id)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label={t('tabsLabel')}
            >
              {shown.map(({ id, labelKey, icon: Icon }) => (
                <Tab
                  key={id}
                  value={id}
                  label={t(labelKey)}
                  icon={<Icon size={20} stroke={1.7} aria-hidden />}
                  iconPosition="start"
                  id={`${baseId}-tab-${id}`}
                  aria-controls={`${baseId}-panel-${id}`}
                  sx={{ minHeight: 48 }}
                />
              ))}
            </Tabs>
          </Box>
          <Box role="tabpanel" id={`${baseId}-panel-${current.id}`} aria-labelledby={`${baseId}-tab-${current.id}`}>
            <Suspense fallback={<FullPageLoader />}>{current.content}</Suspense>
          </Box>
        </>
      ) : (
        <Alert severity="info">{t('nothingToConfigure')}</Alert>
      )}
    </PageContainer>
  );
}
