import { AccessDenied } from '../../../components/access-denied';
import { ItemLoadState } from '../../../components/item-load-state';
import { paths } from '../../../config/paths';

/** What the detail and edit pages show instead of a statement while it loads or when it failed. */
export function StatementLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ItemLoadState
      error={error}
      onRetry={onRetry}
      ns="statements"
      loadFailedKey="detail.loadFailed"
      listPath={paths.statements.list}
      testId="statement"
      denied={<AccessDenied ns="statements" />}
    />
  );
}
