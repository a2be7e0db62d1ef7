// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export {
  pricedUsage,
  USAGE_DIMENSIONS,
  type PricedUsage,
  type PricedUsageGroup,
  type PricedUsageQuery,
  type UsageDimension,
  type UsageFilters,
} from './usage.service.ts';
export { backfillMessagePrices } from './backfill-prices.ts';
export { namesOf, usageFigures, type UsageFigureRow } from './usage.queries.ts';
export {
  BUDGET_RECHECK_MS,
  budgetState,
  BudgetReached,
  computeBudgetState,
  forgetBudgetState,
  forgetSettledSpend,
  getBudgetSettings,
  monthBounds,
  refuseOverBudget,
  saveBudgetSettings,
  type BudgetState,
} from './budgets.ts';
