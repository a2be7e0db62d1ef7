import { z } from 'zod';
import { pageQuerySchema } from './lists.ts';
import { PRICE_MAX_DECIMALS } from './pricing.ts';

/**
 * Monthly usage statements (decision 110, routes /apps/invoice/*): one statement per month and
 * scope (the organisation, one API key or one user), its lines by destination and encoding priced
 * by the one price function (the usage module's pricedUsage), adjustments with a reason, and a
 * close that freezes the lines. A closed statement never changes: a correction is an adjustment
 * on the open statement of a later month.
 */

/** Who a statement covers: everything, the messages of one API key, or those one user sent (their department's charge-back). */
export const STATEMENT_SCOPES = ['organisation', 'apiKey', 'user'] as const;
export type StatementScope = (typeof STATEMENT_SCOPES)[number];

export const STATEMENT_STATUSES = ['open', 'closed'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

/** An adjustment lowers the total (credit) or adds to it (charge: a manual line). */
export const ADJUSTMENT_KINDS = ['credit', 'charge'] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

export const STATEMENT_ERROR_CODES = {
  /** A change to a closed statement (its adjustments, a second close). */
  closed: 'STATEMENT_CLOSED',
  /** A statement for this month and scope exists already (existingId names it). */
  exists: 'STATEMENT_EXISTS',
  /** Closing a month that has not ended yet. */
  monthNotEnded: 'STATEMENT_MONTH_NOT_ENDED',
} as const;

export const STATEMENT_LIMITS = { reasonMax: 500, amountMax: 1_000_000_000, listMax: 500 } as const;

const hasAtMostDecimals = (value: number, digits: number) => Math.abs(Math.round(value * 10 ** digits) - value * 10 ** digits) < 1e-6;

/** 'YYYY-MM', from 2000-01 on. */
export const statementMonthSchema = z
  .string({ error: 'month must be a month such as 2026-11' })
  .regex(/^(2\d{3})-(0[1-9]|1[0-2])$/, 'month must be a month such as 2026-11');

export const createStatementBodySchema = z
  .object({
    month: statementMonthSchema,
    scope: z.enum(STATEMENT_SCOPES, { error: `scope must be one of ${STATEMENT_SCOPES.join(', ')}` }),
    /** The API key's or the user's id (scopes apiKey and user). */
    scopeId: z.uuid('scopeId must be a valid id').nullish(),
  })
  .superRefine((body, context) => {
    if (body.scope !== 'organisation' && !body.scopeId)
      context.addIssue({ code: 'custom', path: ['scopeId'], message: `scopeId is required for the scope ${body.scope}` });
  });
export type CreateStatementBody = z.infer<typeof createStatementBodySchema>;

export const adjustmentBodySchema = z.object({
  kind: z.enum(ADJUSTMENT_KINDS, { error: 'kind must be credit or charge' }),
  amount: z
    .number({ error: 'amount must be a number' })
    .positive('amount must be more than 0')
    .max(STATEMENT_LIMITS.amountMax, `amount must be at most ${STATEMENT_LIMITS.amountMax}`)
    .refine((value) => hasAtMostDecimals(value, PRICE_MAX_DECIMALS), `amount may have at most ${PRICE_MAX_DECIMALS} decimals`),
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(STATEMENT_LIMITS.reasonMax, `reason must be at most ${STATEMENT_LIMITS.reasonMax} characters`),
});
export type AdjustmentBody = z.infer<typeof adjustmentBodySchema>;

export const statementParamsSchema = z.object({ id: z.uuid('id must be a valid statement id') });
export const adjustmentParamsSchema = z.object({
  id: z.uuid('id must be a valid statement id'),
  adjustmentId: z.uuid('adjustmentId must be a valid adjustment id'),
});

export const statementListQuerySchema = pageQuerySchema.extend({
  scope: z.enum(STATEMENT_SCOPES, { error: `scope must be one of ${STATEMENT_SCOPES.join(', ')}` }).optional(),
});

/** One line: a destination country (null: unknown) and an encoding, its parts x the price of a part. */
export const statementLineSchema = z.object({
  country: z.string().nullable(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  messages: z.number().int(),
  parts: z.number().int(),
  unitPrice: z.number(),
  amount: z.number(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

const person = z.object({ id: z.string(), name: z.string() }).nullable();

export const adjustmentSchema = z.object({
  id: z.string(),
  kind: z.enum(ADJUSTMENT_KINDS),
  amount: z.number(),
  reason: z.string(),
  createdBy: person,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

export const statementSummarySchema = z.object({
  id: z.string(),
  month: z.string(),
  scope: z.enum(STATEMENT_SCOPES),
  scopeId: z.string().nullable(),
  /** The API key's or the user's name (null for the organisation). */
  scopeName: z.string().nullable(),
  status: z.enum(STATEMENT_STATUSES),
  currency: z.string(),
  /** Lines' total + charges - credits. */
  total: z.number(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const statementSchema = statementSummarySchema.extend({
  /** The month's bounds in the organisation's time zone: sent at or after `from`, before `to`. */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  lines: z.array(statementLineSchema),
  usageTotal: z.number(),
  messages: z.number().int(),
  parts: z.number().int(),
  adjustments: z.array(adjustmentSchema),
  closedBy: person,
});
export type Statement = z.infer<typeof statementSchema>;

export const statementResponseSchema = z.object({ statement: statementSchema });
export const statementListResponseSchema = z.object({ data: z.array(statementSummarySchema), total: z.number().int() });

/** Columns of the CSV export (and the PDF's table), in order. */
export const STATEMENT_CSV_COLUMNS = [
  'Type',
  'Country',
  'Encoding',
  'Messages',
  'Parts',
  'Unit price',
  'Amount',
  'Reason',
  'Currency',
] as const;
