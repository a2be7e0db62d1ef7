import { AcceptInvitationView } from '../components/accept-invitation-view';

/** /auth/invitation?token=...: accept an invitation to the team. */
export default function AcceptInvitation() {
  return <AcceptInvitationView />;
}
