import { z } from 'zod';

/**
 * Usage and spend (/dashboards/ecommerce, decision 109). A charged message is one a gateway
 * accepted (sent_at set), of any kind; its price is messagePrice (pricing.ts) with the current
 * price table, in the organisation's currency. The figures per period are those of the messages
 * sent in it, by the one definitions (reply-figures.ts): delivered = status delivered, replied =
 * people who answered (one per message), opted out = recipients who opted out in answer to it.
 */

export const USAGE_PERIODS = ['day', 'week', 'month'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/** Buckets a usage answer may hold at most (a year of days). */
export const USAGE_MAX_BUCKETS = 400;

const localDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD)`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${field} must be a date (YYYY-MM-DD)`);

/** GET /api/usage: the period's granularity and local dates [from, to] (both included), in the organisation's time zone. */
export const usageQuerySchema = z
  .object({
    period: z.enum(USAGE_PERIODS, { error: 'period must be day, week or month' }).default('day'),
    from: localDate('from').optional(),
    to: localDate('to').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: 'to must not be before from' });
export type UsageQuery = z.infer<typeof usageQuerySchema>;

const figures = {
  messages: z.number().int(),
  parts: z.number().int(),
  amount: z.number(),
};

export const usageBucketSchema = z.object({
  /** Local date the day, week (Monday) or month starts on. */
  bucket: z.string(),
  ...figures,
  delivered: z.number().int(),
  replied: z.number().int(),
  optedOut: z.number().int(),
});
export type UsageBucket = z.infer<typeof usageBucketSchema>;

/** One line of a spend breakdown: id null = none (a one-off without campaign, a message sent by no key or by the system). */
export const spendLineSchema = z.object({ id: z.string().nullable(), name: z.string().nullable(), ...figures });
export type SpendLine = z.infer<typeof spendLineSchema>;

export const budgetStatusSchema = z.object({
  /** The monthly cap, null: none. */
  cap: z.number().nullable(),
  /** Spent this month (organisation's calendar month), as of the last check. */
  spent: z.number(),
  /** spent / cap in percent, null without a cap. */
  percent: z.number().nullable(),
  reached: z.boolean(),
});
export type BudgetStatus = z.infer<typeof budgetStatusSchema>;

export const apiKeyBudgetStatusSchema = budgetStatusSchema.extend({ apiKeyId: z.string(), name: z.string() });

export const usageResponseSchema = z.object({
  currency: z.string(),
  timeZone: z.string(),
  period: z.enum(USAGE_PERIODS),
  from: z.string(),
  to: z.string(),
  series: z.array(usageBucketSchema),
  total: z.object({ ...figures, delivered: z.number().int(), replied: z.number().int(), optedOut: z.number().int() }),
  spend: z.object({
    byCampaign: z.array(spendLineSchema),
    byCountry: z.array(spendLineSchema),
    byApiKey: z.array(spendLineSchema),
    byUser: z.array(spendLineSchema),
  }),
  /** This calendar month: spent so far and the forecast of its end (decision 109). */
  month: z.object({ start: z.string(), spent: z.number(), forecast: z.number(), dailyRate: z.number() }),
  budget: budgetStatusSchema,
  apiKeyBudgets: z.array(apiKeyBudgetStatusSchema),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;

const capSchema = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .positive(`${field} must be more than 0`)
    .max(1e9, `${field} must be at most 1000000000`);

/** The budgets (admins): a monthly cap for the organisation and, optionally, per API key. */
export const budgetSettingsSchema = z.object({
  monthlyCap: capSchema('monthlyCap').nullable(),
  apiKeyCaps: z
    .array(z.object({ apiKeyId: z.uuid({ error: 'apiKeyId must be an API key id' }), monthlyCap: capSchema('monthlyCap') }), {
      error: 'apiKeyCaps must be a list',
    })
    .max(500, 'apiKeyCaps may list at most 500 keys')
    .refine((rows) => new Set(rows.map((row) => row.apiKeyId)).size === rows.length, 'apiKeyCaps lists a key twice'),
});
export type BudgetSettings = z.infer<typeof budgetSettingsSchema>;
export const DEFAULT_BUDGET_SETTINGS: BudgetSettings = { monthlyCap: null, apiKeyCaps: [] };

export const budgetSettingsResponseSchema = z.object({ budgets: budgetSettingsSchema, currency: z.string() });

/** Share of a cap at which the admins are warned (once per month and budget). */
export const BUDGET_WARNING_PERCENT = 80;

/** 402 code of a launch, a resume or an integration API send while its budget is reached; the pause reason of the campaigns it stopped. */
export const BUDGET_REACHED_CODE = 'BUDGET_REACHED';
