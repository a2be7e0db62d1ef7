import type { AudiencePreview } from '@sms/contracts/campaigns';
import type { DestinationCount } from '@sms/contracts/pricing';
import { useMemo } from 'react';
import { useAudiencePreview } from '../../../../api/campaigns/preview-audience';
import { useDebounced } from '../../../../lib/use-debounced';
import { audienceFromValues, type AudienceValues } from './composer-values';

const PREVIEW_DELAY_MS = 400;

export interface ComposerAudience {
  /** Recipients the audience reaches now; null while unknown (incomplete audience, first load). */
  recipients: number | null;
  preview: AudiencePreview | undefined;
  /** Recipients per destination country; null while unknown (then the estimate prices them at the default). */
  destinations: DestinationCount[] | null;
  loading: boolean;
  error: unknown;
}

/** The live recipient count of the audience being built (asked again once typing pauses). */
export function useComposerAudience(values: AudienceValues): ComposerAudience {
  const audience = audienceFromValues(values);
  const key = JSON.stringify(audience ?? null);
  const debouncedKey = useDebounced(key, PREVIEW_DELAY_MS);
  const debounced = useMemo(() => (debouncedKey === 'null' ? null : JSON.parse(debouncedKey)), [debouncedKey]);
  const query = useAudiencePreview(audience ? debounced : null);
  if (audience === undefined) {
    // A stored explicit list: the API tells its size only.
    return { recipients: values.keptContacts, preview: undefined, destinations: null, loading: false, error: null };
  }
  if (audience === null) return { recipients: null, preview: undefined, destinations: null, loading: false, error: null };
  const current = debouncedKey === key && !query.isPlaceholderData;
  return {
    recipients: query.data?.count ?? null,
    preview: query.data,
    destinations: query.data?.destinations ?? null,
    loading: !current || query.isFetching,
    error: query.error,
  };
}
