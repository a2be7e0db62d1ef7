import { roundPrice } from '@sms/contracts/pricing';
import type { Adjustment, Statement, StatementLine, StatementSummary } from '@sms/contracts/statements';
import type { AdjustmentRow, StatementLineRow, StatementRow } from './statements.queries.ts';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? 'Deleted user' } : null);

/** A frozen line row as an API line. */
export function presentLine(row: StatementLineRow): StatementLine {
  return {
    country: row.country,
    encoding: row.encoding,
    messages: Number(row.messages),
    parts: Number(row.parts),
    unitPrice: Number(row.unit_price),
    amount: Number(row.amount),
  };
}

/** An adjustment row as the API's Adjustment. */
export function presentAdjustment(row: AdjustmentRow): Adjustment {
  return {
    id: row.id,
    kind: row.kind,
    amount: Number(row.amount),
    reason: row.reason,
    createdBy: person(row.created_by, row.created_by_name),
    createdAt: iso(row.created_at) ?? '',
    updatedAt: iso(row.updated_at) ?? '',
  };
}

/** A statement row in the list, with its lines' total (frozen or live) and the currency in force. */
export function presentSummary(row: StatementRow, usageTotal: number, currency: string): StatementSummary {
  return {
    id: row.id,
    month: row.month,
    scope: row.scope,
    scopeId: row.scope_id,
    scopeName: row.scope_id ? (row.scope_name ?? 'Deleted') : null,
    status: row.status,
    currency: row.currency ?? currency,
    total: roundPrice(usageTotal + Number(row.adjustments_total)),
    closedAt: iso(row.closed_at),
    createdAt: iso(row.created_at) ?? '',
  };
}

/** A whole statement: its summary, period, lines and adjustments. */
export function presentStatement(
  row: StatementRow,
  detail: {
    lines: StatementLine[];
    usageTotal: number;
    currency: string;
    timeZone: string;
    from: Date;
    to: Date;
    adjustments: AdjustmentRow[];
  },
): Statement {
  return {
    ...presentSummary(row, detail.usageTotal, detail.currency),
    from: detail.from.toISOString(),
    to: detail.to.toISOString(),
    timeZone: detail.timeZone,
    lines: detail.lines,
    usageTotal: detail.usageTotal,
    messages: detail.lines.reduce((sum, line) => sum + line.messages, 0),
    parts: detail.lines.reduce((sum, line) => sum + line.parts, 0),
    adjustments: detail.adjustments.map(presentAdjustment),
    closedBy: person(row.closed_by, row.closed_by_name),
  };
}
