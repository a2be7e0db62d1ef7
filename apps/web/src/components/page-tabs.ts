import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One tab of a tabbed page (`TabbedPage`); the page's list comes from src/app when it holds other features' parts. */
export interface PageTab {
  /** The `?tab=` value. */
  id: string;
  /** Label key, in the page's namespace unless prefixed. */
  labelKey: string;
  icon: Icon;
  content: ReactNode;
}

/** The tab named in the URL, else the first (null when there is none). */
export function selectedPageTab<T extends Pick<PageTab, 'id'>>(tabs: readonly T[], requested: string | null): T | null {
  return tabs.find((tab) => tab.id === requested) ?? tabs[0] ?? null;
}
