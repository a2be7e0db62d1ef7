import type { TicketReport } from '@sms/contracts/tickets';
import type { DurationFigure, ReportFigureRow, TicketListRow, TicketStateRow } from './tickets.queries.ts';

/** A conversation's state as the API shows it. */
export function presentTicket(row: TicketStateRow) {
  return {
    contactId: row.contactId,
    status: row.status,
    snoozedUntil: row.snoozedUntil,
    assignee: row.assignee,
    labels: row.labels,
    priority: row.priority,
    openedAt: row.openedAt,
    resolvedAt: row.resolvedAt,
  };
}

/** A row of the tickets list. */
export function presentTicketRow(row: TicketListRow) {
  return { ...presentTicket(row), firstName: row.firstName, lastName: row.lastName, phone: row.phone, lastActivityAt: row.lastActivityAt };
}

const none = (): DurationFigure => ({ count: 0, medianSeconds: null });
const rounded = (value: number | null) => (value === null ? null : Math.round(Number(value)));

/** The report's figure rows (one per dimension, key and metric) folded into overall, by agent and by label. */
export function presentTicketReport(days: number, rows: ReportFigureRow[]): TicketReport {
  const overall = { firstResponse: none(), resolution: none() };
  const agents = new Map<string, TicketReport['byAgent'][number]>();
  const labels = new Map<string, TicketReport['byLabel'][number]>();
  for (const row of rows) {
    const figure = { count: row.count, medianSeconds: rounded(row.median) };
    const field = row.metric === 'first_response' ? 'firstResponse' : 'resolution';
    if (row.dimension === 'all') overall[field] = figure;
    else if (row.dimension === 'agent') {
      const key = row.key ?? '';
      const entry = agents.get(key) ?? { userId: row.key, name: row.name, firstResponse: none(), resolution: none() };
      entry[field] = figure;
      agents.set(key, entry);
    } else if (row.key !== null) {
      const entry = labels.get(row.key) ?? { label: row.key, firstResponse: none(), resolution: none() };
      entry[field] = figure;
      labels.set(row.key, entry);
    }
  }
  return { days, overall, byAgent: [...agents.values()], byLabel: [...labels.values()] };
}
