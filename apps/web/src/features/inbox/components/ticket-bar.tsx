import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TICKET_LIMITS, TICKET_PRIORITIES, type Ticket, type UpdateTicketBody } from '@sms/contracts/tickets';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-client';
import { useTicket } from '../../../api/tickets/get-ticket';
import { useTicketAgents } from '../../../api/tickets/get-ticket-agents';
import { useUpdateTicket } from '../../../api/tickets/update-ticket';

/** What the status menu offers: the statuses, and snoozing for a while (the server stores the time). */
const STATUS_CHOICES = ['open', 'pending', 'resolved', 'snooze:hour', 'snooze:tomorrow', 'snooze:week'] as const;

function snoozeUntil(choice: string): string {
  const at = new Date();
  if (choice === 'snooze:hour') at.setHours(at.getHours() + 1);
  else if (choice === 'snooze:week') at.setDate(at.getDate() + 7);
  else {
    at.setDate(at.getDate() + 1);
    at.setHours(9, 0, 0, 0);
  }
  return at.toISOString();
}

const NONE = '';

/**
 * The open conversation as a ticket, in the thread's header: its status (snoozing included),
 * assignee, priority and labels, each saved when changed. Read-only for roles that may not answer.
 * `extra` ends the row (the contact's notes), which wraps on a phone rather than squeezing the header.
 */
export function TicketBar({ contactId, canChange, extra }: { contactId: string; canChange: boolean; extra?: ReactNode }) {
  const { t } = useTranslation('tickets');
  const query = useTicket(contactId);
  const agents = useTicketAgents();
  const update = useUpdateTicket();
  const ticket: Ticket | undefined = query.data;
  if (!ticket) return null;
  const save = (body: UpdateTicketBody) => update.mutate({ contactId, body });
  const disabled = !canChange || update.isPending;
  const statusValue = ticket.status === 'snoozed' ? 'snoozed' : ticket.status;
  const agentList = agents.data ?? [];
  const knownAssignee = ticket.assignee && !agentList.some((agent) => agent.id === ticket.assignee?.id) ? ticket.assignee : null;

  return (
    <Stack sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }} data-testid="ticket-bar" data-status={ticket.status}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('status.label')}
          value={statusValue}
          disabled={disabled}
          onChange={(event) => {
            const choice = event.target.value;
            if (choice.startsWith('snooze:')) save({ status: 'snoozed', snoozedUntil: snoozeUntil(choice) });
            else if (choice === 'open' || choice === 'pending' || choice === 'resolved') save({ status: choice });
          }}
          sx={{ minWidth: 130 }}
          slotProps={{ htmlInput: { 'data-testid': 'ticket-status-select' } }}
        >
          {STATUS_CHOICES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice.startsWith('snooze:') ? t(`snooze.${choice.slice('snooze:'.length)}`) : t(`status.${choice}`)}
            </MenuItem>
          ))}
          {/* The current value when snoozed, so the field shows it (not offered as a choice). */}
          <MenuItem value="snoozed" sx={{ display: 'none' }}>
            {ticket.snoozedUntil ? t('status.snoozedUntil', { time: new Date(ticket.snoozedUntil).toLocaleString() }) : t('status.snoozed')}
          </MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('assignee.label')}
          value={ticket.assignee?.id ?? NONE}
          disabled={disabled}
          onChange={(event) => save({ assigneeId: event.target.value === NONE ? null : event.target.value })}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value={NONE}>{t('assignee.none')}</MenuItem>
          {knownAssignee ? <MenuItem value={knownAssignee.id}>{knownAssignee.name}</MenuItem> : null}
          {agentList.map((agent) => (
            <MenuItem key={agent.id} value={agent.id}>
              {agent.availability === 'away' ? t('assignee.away', { name: agent.name }) : agent.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('priority.label')}
          value={ticket.priority}
          disabled={disabled}
          onChange={(event) => {
            const next = TICKET_PRIORITIES.find((priority) => priority === event.target.value);
            if (next) save({ priority: next });
          }}
          sx={{ minWidth: 110 }}
        >
          {TICKET_PRIORITIES.map((priority) => (
            <MenuItem key={priority} value={priority}>
              {t(`priority.${priority}`)}
            </MenuItem>
          ))}
        </TextField>
        <Autocomplete
          multiple
          freeSolo
          size="small"
          options={[]}
          value={ticket.labels}
          disabled={disabled}
          onChange={(_, labels) => save({ labels: labels.map((label) => label.trim().toLowerCase()).filter(Boolean) })}
          renderValue={(labels, getItemProps) =>
            labels.map((label, index) => {
              const { key, ...props } = getItemProps({ index });
              return <Chip key={key} size="small" label={label} {...props} />;
            })
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('labels.label')}
              placeholder={ticket.labels.length < TICKET_LIMITS.labelsMax ? t('labels.placeholder') : undefined}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: TICKET_LIMITS.labelMaxChars } }}
            />
          )}
          sx={{ flex: 1, minWidth: 160 }}
        />
        {extra}
      </Stack>
      {update.error ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => update.reset()}>
          {t('changeFailed', { message: errorMessage(update.error) })}
        </Alert>
      ) : null}
    </Stack>
  );
}
