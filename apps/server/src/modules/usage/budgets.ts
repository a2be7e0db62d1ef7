import { BUDGET_REACHED_CODE, budgetSettingsSchema, DEFAULT_BUDGET_SETTINGS, type BudgetSettings } from '@sms/contracts/usage';
import { MICROS } from '@sms/contracts/pricing';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { getSetting, putSetting, SETTING_KEYS } from '../../platform/settings.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { chargedByKey } from './usage.queries.ts';

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

/**
 * A write-back lands within its claim's lease (seconds) of the sent_at it sets: the month up to
 * this long ago is settled, summed once per SETTLED_MS and kept; each check sums only the rest
 * (the last 10 to 20 minutes).
 * A write-back held longer (a database outage) is counted at the next settling, at most SETTLED_MS later.
 */
const SETTLED_MS = 10 * 60_000;

interface Settled {
  monthStart: number;
  currency: string;
  /** Sums cover [monthStart, until). */
  until: number;
  byKey: Map<string | null, number>;
}
let settledSpend = new WeakMap<object, Settled>();

const addInto = (into: Map<string | null, number>, from: Map<string | null, number>) => {
  for (const [key, micros] of from) into.set(key, (into.get(key) ?? 0) + micros);
  return into;
};

/** Month-to-date charged millionths per API key (null: the rest): the settled part kept, the recent part summed now. */
async function monthToDate(db: Executor, start: Date, now: Date, currency: string): Promise<Map<string | null, number>> {
  let settled = settledSpend.get(db);
  if (
    !settled ||
    settled.monthStart !== start.getTime() ||
    settled.currency !== currency ||
    now.getTime() - settled.until > 2 * SETTLED_MS
  ) {
    // Settled again every SETTLED_MS: the part summed at each check stays between 10 and 20 minutes.
    const until = Math.max(start.getTime(), now.getTime() - SETTLED_MS);
    const byKey = await chargedByKey(db, { from: start, to: new Date(until) }, currency);
    settled = { monthStart: start.getTime(), currency, until, byKey };
    settledSpend.set(db, settled);
  }
  // Just past now: a message sent in this very millisecond counts too.
  const recent = await chargedByKey(db, { from: new Date(settled.until), to: new Date(now.getTime() + 1) }, currency);
  return addInto(addInto(new Map(), settled.byKey), recent);
}

/** Forgets the settled sums (tests that write messages into the past). */
export const forgetSettledSpend = (): void => {
  settledSpend = new WeakMap();
};

/** Month-to-date spend against the caps, computed now (the sum of the prices stored on the messages, decision 118). */
export async function computeBudgetState(db: Executor): Promise<BudgetState> {
  const [settings, budgets] = await Promise.all([getMessagingSettings(db), getBudgetSettings(db)]);
  const { start, now } = await monthBounds(db, settings.timeZone);
  const micros = await monthToDate(db, start, now, settings.currency);
  let spentMicros = 0;
  const spentByKey = new Map<string, number>();
  for (const [key, amount] of micros) {
    spentMicros += amount;
    if (key !== null) spentByKey.set(key, amount / MICROS);
  }
  const spent = spentMicros / MICROS;
  const keysReached = new Set(
    budgets.apiKeyCaps.filter((cap) => (spentByKey.get(cap.apiKeyId) ?? 0) >= cap.monthlyCap).map((cap) => cap.apiKeyId),
  );
  return {
    currency: settings.currency,
    timeZone: settings.timeZone,
    monthStart: start,
    spent,
    spentByKey,
    budgets,
    reached: budgets.monthlyCap !== null && spent >= budgets.monthlyCap,
    keysReached,
  };
}

/** How long a process trusts the month-to-date spend it computed (the overspend bound of decision 109). */
export const BUDGET_RECHECK_MS = 3_000;
/** Past this age a caller waits for a fresh state rather than take the last one. */
const BUDGET_STALE_MAX_MS = 30_000;

interface Cached {
  state?: BudgetState;
  at: number;
  /** The computation under way: concurrent callers share it instead of each reading the month. */
  pending?: Promise<BudgetState>;
}
let cache = new WeakMap<Db, Cached>();

/**
 * The budget state through the cache (launches, resumes, API sends). One computation at a time
 * per process and database; between BUDGET_RECHECK_MS and BUDGET_STALE_MAX_MS a caller gets the
 * last state while the next is computed, so a burst of API sends never queues behind a month's read.
 */
export function budgetState(db: Db): Promise<BudgetState> {
  let current = cache.get(db);
  if (!current) cache.set(db, (current = { at: 0 }));
  const entry = current;
  const age = Date.now() - entry.at;
  if (entry.state !== undefined && age < BUDGET_RECHECK_MS) return Promise.resolve(entry.state);
  if (!entry.pending) {
    const pending = computeBudgetState(db).then((state) => {
      // A forget() in between dropped this entry: its answer may predate the change.
      if (cache.get(db) === entry) Object.assign(entry, { state, at: Date.now() });
      return state;
    });
    entry.pending = pending;
    const settle = () => {
      if (entry.pending === pending) entry.pending = undefined;
    };
    pending.then(settle, settle);
  }
  return entry.state !== undefined && age < BUDGET_STALE_MAX_MS ? Promise.resolve(entry.state) : entry.pending!;
}

/** Drops the cached state (after the caps change), so the next read computes it. */
export const forgetBudgetState = (): void => {
  cache = new WeakMap();
};

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
