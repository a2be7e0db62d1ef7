import { AccessDenied } from '../../../components/access-denied';
import { ItemLoadState } from '../../../components/item-load-state';
import { paths } from '../../../config/paths';

/** What the detail and edit pages show instead of a contact while it loads or when it failed. */
export function ContactLoadState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ItemLoadState
      error={error}
      onRetry={onRetry}
      ns="contacts"
      loadFailedKey="detail.loadFailed"
      listPath={paths.contacts.list}
      testId="contact"
      denied={<AccessDenied ns="contacts" />}
    />
  );
}
