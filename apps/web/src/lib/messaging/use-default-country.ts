import { browserCountry } from '../countries';
import { useAbility } from '../permissions/use-ability';
import { useMessagingSettings } from '../../api/settings/get-messaging-settings';

/**
 * The country numbers written without a country code start in (contact form, import): the
 * organisation's default country from the messaging defaults, set at first-run setup, for those
 * who may read them; else (or while it has none) the browser's guess. `ready` once it is known.
 */
export function useDefaultCountry(): { country: string; ready: boolean } {
  const canRead = useAbility().can('read', 'Settings');
  const settings = useMessagingSettings(canRead);
  if (canRead && settings.isPending && !settings.isError) return { country: '', ready: false };
  return { country: settings.data?.defaultCountry ?? browserCountry(), ready: true };
}
