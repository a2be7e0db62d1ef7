import {
  STATEMENT_ERROR_CODES,
  type AdjustmentBody,
  type CreateStatementBody,
  type Statement,
  type StatementSummary,
} from '@sms/contracts/statements';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { linesTotal, liveLines } from './statement-lines.ts';
import { presentLine, presentStatement, presentSummary } from './statements.presenter.ts';
import * as q from './statements.queries.ts';

/** One statement: a closed one from its frozen lines, an open one computed now. */
export async function readStatement(db: Executor, row: q.StatementRow): Promise<Statement> {
  const adjustments = await q.listAdjustments(db, row.id);
  if (row.status === 'closed') {
    const lines = (await q.statementLines(db, row.id)).map(presentLine);
    return presentStatement(row, {
      lines,
      usageTotal: linesTotal(lines),
      currency: row.currency ?? 'USD',
      timeZone: row.time_zone ?? 'UTC',
      from: new Date(row.period_from ?? 0),
      to: new Date(row.period_to ?? 0),
      adjustments,
    });
  }
  const live = await liveLines(db, row.month, row.scope, row.scope_id);
  return presentStatement(row, { ...live, usageTotal: linesTotal(live.lines), adjustments });
}

/** A page of statements with their totals: frozen ones in one query, open ones computed. */
export async function listStatementSummaries(
  db: Executor,
  query: Parameters<typeof q.listStatements>[1],
): Promise<{ data: StatementSummary[]; total: number }> {
  const { rows, total } = await q.listStatements(db, query);
  const frozen = await q.frozenTotals(
    db,
    rows.filter((row) => row.status === 'closed').map((row) => row.id),
  );
  const { currency } = await getMessagingSettings(db);
  const data: StatementSummary[] = [];
  for (const row of rows) {
    const usageTotal =
      row.status === 'closed' ? (frozen.get(row.id) ?? 0) : linesTotal((await liveLines(db, row.month, row.scope, row.scope_id)).lines);
    data.push(presentSummary(row, usageTotal, currency));
  }
  return { data, total };
}

/** The statement a route acts on, or 404. */
export async function findStatementOr404(db: Executor, id: string): Promise<q.StatementRow> {
  const row = await q.findStatement(db, id);
  if (!row) throw new NotFound('Statement not found');
  return row;
}

/** Starts keeping a month's statement for a scope; 409 STATEMENT_EXISTS naming the one kept already. */
export async function createStatement(db: Db, input: Command & { body: CreateStatementBody }): Promise<string> {
  const { month, scope } = input.body;
  const scopeId = scope === 'organisation' ? null : (input.body.scopeId ?? null);
  if (scope !== 'organisation' && !(await q.scopeExists(db, scope, scopeId ?? '')))
    throw new ValidationError('scopeId', scope === 'apiKey' ? 'scopeId names no API key' : 'scopeId names no user');
  return db.transaction(async (tx) => {
    const id = await q.insertStatement(tx, { month, scope, scopeId, createdBy: input.actor.id });
    if (!id) {
      const existingId = await q.statementFor(tx, month, scope, scopeId);
      throw new Conflict(`A statement for ${month} and this scope exists already`, {
        code: STATEMENT_ERROR_CODES.exists,
        ...(existingId ? { existingId } : {}),
      });
    }
    await recordAudit(tx, {
      actor: input.actor,
      action: 'statement.create',
      subject: 'Statement',
      subjectId: id,
      ip: input.ip,
      details: { month, scope, scopeId },
    });
    return id;
  });
}

/** Locks an open statement for a change; 404, or 409 STATEMENT_CLOSED (a correction goes on an open statement). */
async function lockOpen(tx: Executor, id: string): Promise<void> {
  const row = await q.lockStatement(tx, id);
  if (!row) throw new NotFound('Statement not found');
  if (row.status === 'closed')
    throw new Conflict('This statement is closed and never changes: add the correction as an adjustment to an open statement', {
      code: STATEMENT_ERROR_CODES.closed,
    });
}

/**
 * Closes a month's statement once the month has ended: its lines are priced now (pricedUsage, the
 * current price table) and frozen with the prices used, with the period, zone and currency.
 */
export async function closeStatement(db: Db, input: Command & { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpen(tx, input.id);
    const row = await findStatementOr404(tx, input.id);
    const live = await liveLines(tx, row.month, row.scope, row.scope_id);
    if (live.to.getTime() > Date.now())
      throw new Conflict(`${row.month} has not ended yet: a month is closed once it is over`, {
        code: STATEMENT_ERROR_CODES.monthNotEnded,
      });
    await q.freezeStatement(tx, input.id, { ...live, closedBy: input.actor.id });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'statement.close',
      subject: 'Statement',
      subjectId: input.id,
      ip: input.ip,
      details: { month: row.month, scope: row.scope, scopeId: row.scope_id, total: linesTotal(live.lines), currency: live.currency },
    });
  });
}

/** Adds a credit or a manual charge, with its reason, to an open statement. */
export async function addAdjustment(db: Db, input: Command & { id: string; body: AdjustmentBody }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpen(tx, input.id);
    const adjustmentId = await q.insertAdjustment(tx, { statementId: input.id, ...input.body, createdBy: input.actor.id });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'statement.adjustment_add',
      subject: 'Statement',
      subjectId: input.id,
      ip: input.ip,
      details: { adjustmentId, ...input.body },
    });
  });
}

/** Changes an adjustment of an open statement (the audit keeps what it was). */
export async function changeAdjustment(db: Db, input: Command & { id: string; adjustmentId: string; body: AdjustmentBody }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpen(tx, input.id);
    const before = await q.updateAdjustment(tx, { statementId: input.id, id: input.adjustmentId, ...input.body });
    if (!before) throw new NotFound('Adjustment not found');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'statement.adjustment_update',
      subject: 'Statement',
      subjectId: input.id,
      ip: input.ip,
      details: { adjustmentId: input.adjustmentId, before: { ...before, amount: Number(before.amount) }, after: input.body },
    });
  });
}

/** Removes an adjustment of an open statement (the audit keeps what it was). */
export async function removeAdjustment(db: Db, input: Command & { id: string; adjustmentId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOpen(tx, input.id);
    const before = await q.deleteAdjustment(tx, input.id, input.adjustmentId);
    if (!before) throw new NotFound('Adjustment not found');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'statement.adjustment_delete',
      subject: 'Statement',
      subjectId: input.id,
      ip: input.ip,
      details: { adjustmentId: input.adjustmentId, before: { ...before, amount: Number(before.amount) } },
    });
  });
}
