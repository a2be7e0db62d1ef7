import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One tab of /pages/account-settings; src/app lists them (features do not import each other). */
export interface AccountTab {
  /** The `?tab=` value. */
  id: string;
  /** Label key in the `account` namespace. */
  labelKey: string;
  icon: Icon;
  content: ReactNode;
}

/** The tab named in the URL, else the first. */
export function selectedAccountTab<T extends Pick<AccountTab, 'id'>>(tabs: readonly T[], requested: string | null): T | null {
  return tabs.find((tab) => tab.id === requested) ?? tabs[0] ?? null;
}
