import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, useCallback, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { PageContainer } from '../../../components/page-container';
import { selectedAccountTab, type AccountTab } from '../components/account-tab';

/**
 * /pages/account-settings: one's own account in tabs (profile, password, two-step verification,
 * preferences, sessions). Tabs come from src/app; the open one is `?tab=` in the URL.
 */
export default function AccountSettings({ tabs }: { tabs: readonly AccountTab[] }) {
  const { t } = useTranslation('account');
  const [searchParams, setSearchParams] = useSearchParams();
  const baseId = useId();
  const current = selectedAccountTab(tabs, searchParams.get('tab'));
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
  const currentId = current?.id;
  const requested = searchParams.get('tab');
  useEffect(() => {
    if (currentId && requested !== currentId) open(currentId);
  }, [currentId, requested, open]);

  if (!current) return null;
  return (
    <PageContainer title={t('title')} description={t('description')}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={current.id}
          onChange={(_event, id: string) => open(id)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('tabsLabel')}
        >
          {tabs.map(({ id, labelKey, icon: Icon }) => (
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
      <Card role="tabpanel" id={`${baseId}-panel-${current.id}`} aria-labelledby={`${baseId}-tab-${current.id}`}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Suspense fallback={<FullPageLoader />}>{current.content}</Suspense>
        </CardContent>
      </Card>
    </PageContainer>
  );
}
