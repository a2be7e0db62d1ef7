import type { MaintenanceStatus } from '@sms/contracts/maintenance';
import type { Executor } from '../../db/client.ts';
import { getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';

/** How long a process trusts its last reading of the setting (every process reads the database). */
export const MAINTENANCE_CACHE_MS = 2_000;

const OFF: MaintenanceStatus = { enabled: false, message: '' };

/** The stored value, tolerant of anything odd in the row (treated as off). */
async function readStored(db: Executor): Promise<MaintenanceStatus> {
  const value = await getSetting<Partial<MaintenanceStatus>>(db, SETTING_KEYS.maintenance);
  if (!value || typeof value !== 'object') return OFF;
  return { enabled: value.enabled === true, message: typeof value.message === 'string' ? value.message : '' };
}

export interface MaintenanceState {
  /** The current mode, at most MAINTENANCE_CACHE_MS old (another process may have changed it). */
  current(): Promise<MaintenanceStatus>;
  /** Takes a just-committed change into this process's cache (others see it within the cache time). */
  remember(status: MaintenanceStatus): void;
}

/** Stores a new mode; pass the transaction that also records the audit entry. */
export async function saveMaintenance(db: Executor, status: MaintenanceStatus): Promise<void> {
  await putSetting(db, SETTING_KEYS.maintenance, status);
}

/**
 * Maintenance mode as one API process sees it. The truth is the app_settings row, so every
 * process behind a load balancer agrees within the cache time; concurrent requests that find the
 * cache stale share one database read.
 */
export function createMaintenanceState(db: Executor, cacheMs = MAINTENANCE_CACHE_MS): MaintenanceState {
  let cached: { status: MaintenanceStatus; at: number } | undefined;
  let reading: Promise<MaintenanceStatus> | undefined;

  const refresh = (): Promise<MaintenanceStatus> => {
    reading ??= readStored(db)
      .then((status) => {
        cached = { status, at: Date.now() };
        return status;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  return {
    current: async () => (cached && Date.now() - cached.at < cacheMs ? cached.status : refresh()),
    remember: (status) => {
      cached = { status, at: Date.now() };
    },
  };
}
