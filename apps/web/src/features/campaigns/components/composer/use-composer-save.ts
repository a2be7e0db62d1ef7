import type { Campaign } from '@sms/contracts/campaigns';
import { useState } from 'react';
import { useCreateCampaign } from '../../../../api/campaigns/create-campaign';
import { useUpdateCampaign } from '../../../../api/campaigns/update-campaign';
import type { ComposerOutput } from './composer-resolver';
import { changedFields } from './composer-values';

/**
 * Saves the composer: the first save of a new campaign creates the draft, later ones send only
 * what changed since the last save (so a page that created a draft never creates a second one).
 */
export function useComposerSave(initial: Campaign | null) {
  const creation = useCreateCampaign();
  const update = useUpdateCampaign();
  const [saved, setSaved] = useState<Campaign | null>(initial);

  const save = async (output: ComposerOutput): Promise<Campaign> => {
    if (saved) {
      const body = changedFields(saved, output);
      if (Object.keys(body).length === 0) return saved;
      const next = await update.mutateAsync({ id: saved.id, body });
      setSaved(next);
      return next;
    }
    const created = await creation.mutateAsync({ ...output, audience: output.audience ?? { type: 'all' } });
    setSaved(created);
    return created;
  };
  return { saved, save, saving: creation.isPending || update.isPending };
}
