import type { Action, Subject } from '@sms/contracts/policy';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One tab of the settings hub; src/app lists them (features do not import each other). */
export interface SettingsTab {
  /** The `?tab=` value. */
  id: string;
  /** Label key in the `settings` namespace. */
  labelKey: string;
  icon: Icon;
  /** Shown when the role may do any of these. */
  requires: Array<[Action, Subject]>;
  content: ReactNode;
}

/** The tabs the role may see, in their order. */
export function visibleTabs<T extends Pick<SettingsTab, 'requires'>>(
  tabs: readonly T[],
  can: (action: Action, subject: Subject) => boolean,
): T[] {
  return tabs.filter((tab) => tab.requires.some(([action, subject]) => can(action, subject)));
}

/** The tab named in the URL when it is visible, else the first visible one (null when none is). */
export function selectedTab<T extends Pick<SettingsTab, 'id'>>(tabs: readonly T[], requested: string | null): T | null {
  return tabs.find((tab) => tab.id === requested) ?? tabs[0] ?? null;
}
