// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { applyKeywordRules } from './keyword-rules.ts';
export { applyReplyRules, type RuleAssigner, type RuleAssignment, type RuleNotice, type RuleNotifier } from './reply-rules.ts';
export { applicationsOf as keywordRuleApplicationsOf } from './reply-rules.queries.ts';
export { keywordRulesRoutes } from './rules.routes.ts';
