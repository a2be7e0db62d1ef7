import { BackupsCard } from './backups-card';
import { RetentionCard } from './retention-card';
import { SendingHoldCard } from './sending-hold-card';

/** The backups, sending hold and retention cards of Configurations -> Maintenance (the app layer places them). */
export function BackupsCards() {
  return (
    <>
      <BackupsCard />
      <SendingHoldCard />
      <RetentionCard />
    </>
  );
}
