import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { Action, Rule, Subject } from '@sms/contracts/policy';

/** CASL ability over the contracts' policy names ('read' | 'create' | ... x 'User' | 'Contact' | ...). */
export type AppAbility = MongoAbility<[Action, Subject]>;

/** Builds the ability from the raw rules GET /api/users/me returns (the same POLICY the API enforces). */
export function buildAbility(rules: readonly Rule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules.map((rule) => ({ action: rule.action, subject: rule.subject })));
}
