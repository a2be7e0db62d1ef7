import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fanOut } from './sweep.queries.ts';

/** A budget that reached a warning level this month (decision 109). */
export interface BudgetWarning {
  /** Month (YYYY-MM), budget (org or the key's id) and level: one notification each, whatever the checks repeat. */
  eventKey: string;
  /** The API key, null for the organisation's budget. */
  apiKeyId: string | null;
  /** The key's name ('' for the organisation's budget). */
  name: string;
  /** 80 or 100 (percent of the cap). */
  level: number;
}

/**
 * Puts budget warnings in the bell of the users who may change the settings (the administrators),
 * once per key: the budget checker calls it on every check, so the key, not the caller, keeps it single.
 */
export async function notifyBudgetWarnings(db: Executor, warnings: BudgetWarning[], emailAvailable: boolean): Promise<number> {
  if (warnings.length === 0) return 0;
  const list = JSON.stringify(warnings);
  return fanOut(
    db,
    'budget_warning',
    sql`select 'budget_warning' as kind, w."eventKey" as event_key, w."apiKeyId" as subject_id,
               jsonb_build_object('name', w.name, 'level', w.level) as params, null::jsonb as reason, 1 as count
        from jsonb_to_recordset(${list}::jsonb) as w("eventKey" text, "apiKeyId" text, name text, level int)`,
    emailAvailable,
  );
}
