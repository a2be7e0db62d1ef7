// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { checkBudgets, startBudgetChecker, type BudgetChecker } from './budget-checker.ts';
export { spendRoutes } from './spend.routes.ts';
