import { AccessDenied } from '../../../components/access-denied';
import { ItemLoadState } from '../../../components/item-load-state';
import { paths } from '../../../config/paths';

/** What the detail and edit pages show instead of a campaign while it loads or when it failed. */
export function CampaignLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ItemLoadState
      error={error}
      onRetry={onRetry}
      ns="campaigns"
      loadFailedKey="detail.loadFailed"
      listPath={paths.campaigns.list}
      testId="campaign"
      denied={<AccessDenied ns="campaigns" />}
    />
  );
}
