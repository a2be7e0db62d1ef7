import type { TeamInvitation, TeamMember } from '@sms/contracts/team';
import type { TeamRow } from './team.queries.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The invitation part of an invited person. */
function presentInvitation(row: TeamRow): TeamInvitation | null {
  if (row.status !== 'invited' || !row.sent_at || !row.expires_at) return null;
  return {
    id: row.id,
    invitedBy: row.invited_by ? { id: row.invited_by, name: row.invited_by_name ?? 'Deleted user' } : null,
    sentAt: iso(row.sent_at) ?? '',
    expiresAt: iso(row.expires_at) ?? '',
    expired: Boolean(row.expired),
  };
}

/** Per-person figures: one line per figure (null where it does not apply, e.g. invited people). */
function presentFigures(row: TeamRow): Pick<TeamMember, 'lastSeenAt' | 'availability' | 'openConversations' | 'notesWritten'> {
  return {
    lastSeenAt: iso(row.last_seen_at),
    availability: row.availability,
    openConversations: row.open_conversations === null ? null : Number(row.open_conversations),
    notesWritten: row.notes_written === null ? null : Number(row.notes_written),
  };
}

/** Maps a team row to the API's TeamMember: identity, figures, invitation. */
export function presentTeamMember(row: TeamRow): TeamMember {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    ...presentFigures(row),
    invitation: presentInvitation(row),
  };
}
