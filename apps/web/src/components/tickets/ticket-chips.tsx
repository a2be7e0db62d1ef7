import Chip from '@mui/material/Chip';
import type { TicketPriority, TicketStatus } from '@sms/contracts/tickets';
import { useTranslation } from 'react-i18next';

const STATUS_COLOURS: Record<TicketStatus, { bgcolor: string; color: string }> = {
  open: { bgcolor: 'primary.light', color: 'textColor.primary' },
  pending: { bgcolor: 'warning.light', color: 'textColor.warning' },
  snoozed: { bgcolor: 'action.selected', color: 'text.primary' },
  resolved: { bgcolor: 'success.light', color: 'textColor.success' },
};

/** A conversation's status as a small chip (tickets list, inbox list). */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('tickets');
  return (
    <Chip
      size="small"
      data-testid="ticket-status"
      data-status={status}
      label={t(`status.${status}`)}
      sx={{ ...STATUS_COLOURS[status], fontWeight: 600, height: 20 }}
    />
  );
}

/** Who has a conversation, as a small chip (nothing when unassigned). */
export function TicketAssigneeChip({ name }: { name: string | null }) {
  const { t } = useTranslation('tickets');
  if (!name) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      data-testid="ticket-assignee"
      label={name}
      aria-label={t('assignee.chip', { name })}
      sx={{ height: 20, maxWidth: 120 }}
    />
  );
}

/** A priority above normal, as a small chip (nothing for low and normal). */
export function TicketPriorityChip({ priority }: { priority: TicketPriority }) {
  const { t } = useTranslation('tickets');
  if (priority !== 'high' && priority !== 'urgent') return null;
  return (
    <Chip
      size="small"
      data-testid="ticket-priority"
      label={t(`priority.${priority}`)}
      sx={{
        height: 20,
        fontWeight: 600,
        ...(priority === 'urgent'
          ? { bgcolor: 'error.light', color: 'textColor.error' }
          : { bgcolor: 'warning.light', color: 'textColor.warning' }),
      }}
    />
  );
}
