import type { BudgetSettings } from '@sms/contracts/usage';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';
import { ValidationError } from '../../platform/errors.ts';
import { forgetBudgetState, saveBudgetSettings } from '../usage/index.ts';

/** Saves the caps after checking that each capped API key exists (400 naming the row otherwise). */
export async function saveBudgets(tx: Executor, budgets: BudgetSettings): Promise<BudgetSettings> {
  const ids = budgets.apiKeyCaps.map((cap) => cap.apiKeyId);
  if (ids.length > 0) {
    // Known keys, revoked ones included: a revoked key's spend this month still counts.
    const rows = await queryRows<{ id: string }>(tx, sql`select id::text as id from api_keys where id = any(${sql.param(ids)}::uuid[])`);
    const known = new Set(rows.map((row) => row.id));
    const missing = ids.findIndex((id) => !known.has(id));
    if (missing >= 0) throw new ValidationError(`apiKeyCaps.${missing}.apiKeyId`, 'apiKeyCaps names an API key that does not exist');
  }
  await saveBudgetSettings(tx, budgets);
  return budgets;
}

/** After the caps' transaction commits: the next launch or send reads them, not the cached state. */
export const afterBudgetsSaved = forgetBudgetState;
