import { fieldsWithoutFallback } from '@sms/contracts/public-archive';
import { useMemo, useState } from 'react';
import { useCampaignArchive } from '../../../../api/campaigns/get-campaign-archive';
import { useSetCampaignArchive } from '../../../../api/campaigns/set-campaign-archive';

/**
 * The composer's "Publish to archive" choice: what the author wants, the merge fields that would
 * block it (a field without fallback would need a recipient's value), and `apply`, which saves
 * the choice for a campaign once the campaign itself is saved.
 */
export function useArchiveChoice(campaignId: string | null, body: string) {
  const stored = useCampaignArchive(campaignId);
  const setArchive = useSetCampaignArchive();
  const [choice, setChoice] = useState<boolean | null>(null);
  const storedPublished = stored.data?.published ?? false;
  const published = choice ?? storedPublished;
  const missing = useMemo(() => (published ? fieldsWithoutFallback(body) : []), [published, body]);

  const apply = async (id: string) => {
    const current = id === campaignId ? storedPublished : false;
    if (published !== current) await setArchive.mutateAsync({ id, published });
  };
  return { published, setPublished: setChoice, missing, publishedBy: stored.data?.publishedBy ?? null, apply };
}
