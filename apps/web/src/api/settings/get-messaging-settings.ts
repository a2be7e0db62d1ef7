import type { MessagingSettings } from '@sms/contracts/messaging-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';
import { settingsKeys } from './settings-keys';

/**
 * Organisation-wide messaging defaults are read by the campaign composer and edited in the
 * Messaging tab of /configurations, so their query lives here, shared by both features.
 */
/** GET /api/settings/messaging. */
export const getMessagingSettings = async (signal?: AbortSignal): Promise<MessagingSettings> =>
  (await apiGet<{ settings: MessagingSettings }>('/api/settings/messaging', { signal })).settings;

export const messagingSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.messaging(), queryFn: ({ signal }) => getMessagingSettings(signal) });

/** The messaging defaults: time zone, default country, price per segment, currency. */
export const useMessagingSettings = (enabled = true) => useQuery({ ...messagingSettingsQueryOptions(), enabled });
