import { useEffect } from 'react';
import { useDefaultCountry } from '../messaging/use-default-country';
import { setFormatCountry } from './intl-locale';

/**
 * Gives the interface's dates and numbers the organisation's country (the browser's guess for
 * those who may not read the messaging defaults) when the chosen language has no region of its
 * own: an English interface in a Kenyan organisation formats as en-KE, not en-US (decision 107).
 */
export function FormatCountrySync() {
  const { country, ready } = useDefaultCountry();
  useEffect(() => {
    if (ready) setFormatCountry(country || null);
  }, [country, ready]);
  return null;
}
