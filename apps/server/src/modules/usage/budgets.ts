import { BUDGET_REACHED_CODE, budgetSettingsSchema, DEFAULT_BUDGET_SETTINGS, type BudgetSettings } from '@sms/contracts/usage';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { Rechecked } from '../../platform/rechecked.ts';
import { getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { pricedUsage } from './usage.service.ts';

/**
 * Budgets (decision 109): a monthly spending cap for the organisation and, optionally, per API
 * key. Month-to-date spend is the priced usage of the organisation's calendar month; it is read
 * through a short cache, never per message: launches, resumes and API sends ask the cache, the
 * budget checker (modules/spend) refreshes it every few seconds and pauses what sends.
 */

/** The stored budgets (a stored value that no longer validates counts as none). */
export async function getBudgetSettings(db: Executor): Promise<BudgetSettings> {
  const parsed = budgetSettingsSchema.safeParse(await getSetting(db, SETTING_KEYS.budgets));
  return parsed.success ? parsed.data : DEFAULT_BUDGET_SETTINGS;
}

/** Saves the budgets (the caller audits); the next check in this process reads them at once. */
export async function saveBudgetSettings(db: Executor, budgets: BudgetSettings): Promise<void> {
  await putSetting(db, SETTING_KEYS.budgets, budgets);
  forgetBudgetState();
}

/** The start of the current calendar month in `timeZone`, and the next month's (the database's clock). */
export async function monthBounds(db: Executor, timeZone: string): Promise<{ start: Date; end: Date; now: Date }> {
  const [row] = await queryRows<{ start: string | Date; end: string | Date; now: string | Date }>(
    db,
    sql`select date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone} as start,
               (date_trunc('month', now() at time zone ${timeZone}) + interval '1 month') at time zone ${timeZone} as end,
               now() as now`,
  );
  return { start: new Date(row!.start), end: new Date(row!.end), now: new Date(row!.now) };
}

export interface BudgetState {
  currency: string;
  timeZone: string;
  monthStart: Date;
  /** The organisation's spend this month. */
  spent: number;
  /** Per API key that sent this month. */
  spentByKey: Map<string, number>;
  budgets: BudgetSettings;
  /** The organisation's cap is spent. */
  reached: boolean;
  /** Keys whose own cap is spent. */
  keysReached: Set<string>;
}

/** Month-to-date spend against the caps, computed now. */
export async function computeBudgetState(db: Executor): Promise<BudgetState> {
  const [settings, budgets] = await Promise.all([getMessagingSettings(db), getBudgetSettings(db)]);
  const { start, now } = await monthBounds(db, settings.timeZone);
  // Just past now: a message sent in this very millisecond counts too.
  const usage = await pricedUsage(db, {
    from: start,
    to: new Date(now.getTime() + 1),
    groupBy: ['apiKey'],
    timeZone: settings.timeZone,
    prices: settings,
  });
  const spentByKey = new Map<string, number>();
  for (const group of usage.groups) if (group.apiKeyId) spentByKey.set(group.apiKeyId, group.amount);
  const keysReached = new Set(
    budgets.apiKeyCaps.filter((cap) => (spentByKey.get(cap.apiKeyId) ?? 0) >= cap.monthlyCap).map((cap) => cap.apiKeyId),
  );
  return {
    currency: settings.currency,
    timeZone: settings.timeZone,
    monthStart: start,
    spent: usage.total.amount,
    spentByKey,
    budgets,
    reached: budgets.monthlyCap !== null && usage.total.amount >= budgets.monthlyCap,
    keysReached,
  };
}

/** How long a process trusts the month-to-date spend it computed (the overspend bound of decision 109). */
export const BUDGET_RECHECK_MS = 3_000;
const cachedState = new Rechecked<'budgets', BudgetState>(BUDGET_RECHECK_MS, (db) => computeBudgetState(db));

/** The budget state through the cache (launches, resumes, API sends). */
export const budgetState = (db: Db): Promise<BudgetState> => cachedState.get(db, 'budgets');

/** Drops the cached state (after the caps change, or a test spent money), so the next read computes it. */
export const forgetBudgetState = (): void => cachedState.forget();

/** 402 BUDGET_REACHED: sending more would spend past a cap. */
export class BudgetReached extends AppError {
  constructor(message: string) {
    super(402, message, BUDGET_REACHED_CODE);
  }
}

/** Refuses (402) while the organisation's cap, or the given API key's own cap, is spent. */
export async function refuseOverBudget(db: Db, apiKeyId?: string): Promise<void> {
  const state = await budgetState(db);
  if (state.reached) throw new BudgetReached('The monthly budget is reached: an administrator must raise it before anything more is sent.');
  if (apiKeyId !== undefined && state.keysReached.has(apiKeyId))
    throw new BudgetReached("This API key's monthly budget is reached: an administrator must raise it before it sends again.");
}
