import { BackupsCard } from './backups-card';
import { RetentionCard } from './retention-card';

/** The backups and retention cards of Configurations -> Maintenance (the app layer places them). */
export function BackupsCards() {
  return (
    <>
      <BackupsCard />
      <RetentionCard />
    </>
  );
}
