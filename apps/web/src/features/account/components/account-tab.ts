import type { PageTab } from '../../../components/page-tabs';

/** One tab of /pages/account-settings (label key in the `account` namespace); src/app lists them (features do not import each other). */
export type AccountTab = PageTab;
