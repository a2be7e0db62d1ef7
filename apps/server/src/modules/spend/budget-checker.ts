import { BUDGET_REACHED_CODE, BUDGET_WARNING_PERCENT } from '@sms/contracts/usage';
import { toLocalDateTime } from '@sms/contracts/zoned-time';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import type { Jobs, JobsLogger } from '../../platform/jobs.ts';
import { Poller } from '../../platform/poller.ts';
import { transitionCampaigns } from '../campaigns/index.ts';
import { notifyBudgetWarnings, type BudgetWarning } from '../notifications/index.ts';
import { forgetBudgetState, budgetState, namesOf } from '../usage/index.ts';

/** How often a worker checks the budgets (with the cache's age, the overspend bound of decision 109). */
export const BUDGET_CHECK_INTERVAL_MS = 5_000;

/** The warning levels of a budget spent up to `spent`: 80, and 100 once reached. */
const levelsOf = (spent: number, cap: number): number[] => [BUDGET_WARNING_PERCENT, 100].filter((level) => spent >= (cap * level) / 100);

/**
 * One budget check: recomputes this month's spend, pauses every sending campaign with reason
 * BUDGET_REACHED while the organisation's cap is spent (through the campaigns' state machine:
 * they stay paused until someone resumes them), and warns the administrators at 80% and 100%,
 * once per month, budget and level (the notification's key). Answers the campaigns it paused.
 */
export async function checkBudgets(db: Db, emailAvailable: boolean): Promise<{ paused: string[]; warned: number }> {
  forgetBudgetState();
  const state = await budgetState(db);
  const { monthlyCap } = state.budgets;
  const paused =
    state.reached && monthlyCap !== null
      ? await transitionCampaigns(db, 'paused', {
          from: ['sending'],
          where: sql`true`,
          statusReason: { code: BUDGET_REACHED_CODE, params: { cap: monthlyCap, currency: state.currency } },
        })
      : [];
  const month = toLocalDateTime(state.monthStart, state.timeZone).slice(0, 7);
  const warnings: BudgetWarning[] = [];
  if (monthlyCap !== null)
    for (const level of levelsOf(state.spent, monthlyCap))
      warnings.push({ eventKey: `budget:${month}:organisation:${level}`, apiKeyId: null, name: '', level });
  const keyCaps = state.budgets.apiKeyCaps.filter((cap) => levelsOf(state.spentByKey.get(cap.apiKeyId) ?? 0, cap.monthlyCap).length > 0);
  if (keyCaps.length > 0) {
    const names = await namesOf(db, { campaigns: [], apiKeys: keyCaps.map((cap) => cap.apiKeyId), users: [] });
    for (const cap of keyCaps)
      for (const level of levelsOf(state.spentByKey.get(cap.apiKeyId) ?? 0, cap.monthlyCap))
        warnings.push({
          eventKey: `budget:${month}:${cap.apiKeyId}:${level}`,
          apiKeyId: cap.apiKeyId,
          name: names.apiKeys.get(cap.apiKeyId) ?? cap.apiKeyId,
          level,
        });
  }
  const warned = await notifyBudgetWarnings(db, warnings, emailAvailable);
  return { paused, warned };
}

export interface BudgetChecker {
  /** Runs one check now (tests; the timer keeps going). */
  checkNow(): Promise<{ paused: string[]; warned: number }>;
  stop(): Promise<void>;
}

/**
 * Checks the budgets every few seconds in a worker process (embedded server, `npm run worker`).
 * Several workers may run it: pausing is a conditional update and a warning's key is unique.
 * The loop is the shared Poller (one check at a time; stop waits for the one in progress).
 */
export function startBudgetChecker(
  jobs: Jobs | undefined,
  deps: { database: Database; config: Pick<Config, 'smtpUrl'>; logger: JobsLogger },
  options: { intervalMs?: number } = {},
): BudgetChecker {
  const emailAvailable = Boolean(deps.config.smtpUrl);
  const availability = deps.database.availability;
  const poller = new Poller(() => checkBudgets(deps.database.db, emailAvailable), {
    intervalMs: options.intervalMs ?? BUDGET_CHECK_INTERVAL_MS,
    skip: () => !availability.available,
    onError: (error) => availability.logUnlessOutage(deps.logger, error, 'budget check failed'),
  });
  poller.start();
  const stop = () => poller.close();
  // It stops with the job runner, like the notification sweeper.
  jobs?.boss.once('stopped', () => void stop());
  return { checkNow: () => poller.runNow(), stop };
}
