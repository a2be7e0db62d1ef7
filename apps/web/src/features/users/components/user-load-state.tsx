import { AccessDenied } from '../../../components/access-denied';
import { ItemLoadState } from '../../../components/item-load-state';
import { paths } from '../../../config/paths';

/** What the detail and edit pages show instead of a user while it loads or when it failed. */
export function UserLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ItemLoadState
      error={error}
      onRetry={onRetry}
      ns="users"
      loadFailedKey="detail.loadFailed"
      listPath={paths.users.list}
      testId="user"
      denied={<AccessDenied ns="users" />}
    />
  );
}
