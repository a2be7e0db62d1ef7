import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import type { SxProps, Theme } from '@mui/material/styles';
import Tab, { tabClasses } from '@mui/material/Tab';
import Tabs, { tabsClasses } from '@mui/material/Tabs';
import { Suspense, useCallback, useEffect, useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from './full-page-loader';
import { PageContainer } from './page-container';
import { selectedPageTab, type PageTab } from './page-tabs';

/**
 * Tabs that wrap onto a second row instead of scrolling: every tab stays in view (nine on a 1366 px
 * laptop, none behind an arrow or cut). The sliding indicator only fits one row, so the open tab is
 * marked by its own underline instead.
 */
const WRAPPING_TABS: SxProps<Theme> = {
  [`& .${tabsClasses.list}`]: { flexWrap: 'wrap' },
  [`& .${tabsClasses.indicator}`]: { display: 'none' },
  [`& .${tabClasses.selected}`]: { boxShadow: (theme: Theme) => `inset 0 -2px 0 ${(theme.vars ?? theme).palette.primary.main}` },
};

export interface TabbedPageProps {
  /** Page heading and document title, translated. */
  title: string;
  description?: ReactNode;
  /** The tab list's accessible name, translated. */
  tabsLabel: string;
  /** The tabs shown, in order. */
  tabs: readonly PageTab[];
  /** A tab's label, translated (in the page's namespace). */
  labelOf: (tab: PageTab) => string;
  /** The open tab on a card (account settings) or on the page itself (the settings hub, whose tabs hold cards). */
  panel: 'card' | 'plain';
  /** Shown under the heading when there is no tab; without it the page renders nothing. */
  empty?: ReactNode;
}

/**
 * A page of tabs, the open one named by `?tab=` in the URL (a missing or unknown one is corrected).
 * Switching tabs replaces the history entry: Back leaves the page instead of stepping through tabs.
 */
export function TabbedPage({ title, description, tabsLabel, tabs, labelOf, panel, empty }: TabbedPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const baseId = useId();
  const current = selectedPageTab(tabs, searchParams.get('tab'));
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

  if (!current && empty === undefined) return null;
  const content = current ? <Suspense fallback={<FullPageLoader />}>{current.content}</Suspense> : null;
  const panelProps = current
    ? { role: 'tabpanel', id: `${baseId}-panel-${current.id}`, 'aria-labelledby': `${baseId}-tab-${current.id}` }
    : {};
  return (
    <PageContainer title={title} description={description}>
      {current ? (
        <>
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
            <Tabs value={current.id} onChange={(_event, id: string) => open(id)} aria-label={tabsLabel} sx={WRAPPING_TABS}>
              {tabs.map((tab) => (
                <Tab
                  key={tab.id}
                  value={tab.id}
                  label={labelOf(tab)}
                  icon={<tab.icon size={20} stroke={1.7} aria-hidden />}
                  iconPosition="start"
                  id={`${baseId}-tab-${tab.id}`}
                  aria-controls={`${baseId}-panel-${tab.id}`}
                  sx={{ minHeight: 48 }}
                />
              ))}
            </Tabs>
          </Box>
          {panel === 'card' ? (
            <Card {...panelProps}>
              <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>{content}</CardContent>
            </Card>
          ) : (
            <Box {...panelProps}>{content}</Box>
          )}
        </>
      ) : (
        empty
      )}
    </PageContainer>
  );
}
