import type { Action, Subject } from '@sms/contracts/policy';
import { selectedPageTab, type PageTab } from '../../../components/page-tabs';

/** One tab of the settings hub (label key in the `settings` namespace); src/app lists them (features do not import each other). */
export interface SettingsTab extends PageTab {
  /** Shown when the role may do any of these. */
  requires: Array<[Action, Subject]>;
}

/** The tabs the role may see, in their order. */
export function visibleTabs<T extends Pick<SettingsTab, 'requires'>>(
  tabs: readonly T[],
  can: (action: Action, subject: Subject) => boolean,
): T[] {
  return tabs.filter((tab) => tab.requires.some(([action, subject]) => can(action, subject)));
}

/** The tab named in the URL when it is visible, else the first visible one (null when none is). */
export const selectedTab = selectedPageTab;
