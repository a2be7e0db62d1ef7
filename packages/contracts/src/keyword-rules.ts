import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_TAG_FIELDS } from './contacts.ts';
import { listResponseSchema } from './lists.ts';
import { ROLES } from './roles.ts';

/**
 * Keyword rules (decision 104): "a reply that is one of these words -> these actions", beyond the
 * opt-out, opt-in and help keywords of the messaging settings. A reply is matched as keywords are
 * (replies.ts `wholeWordOf`: the whole message, one word, any case, trailing . ! ? ignored).
 */
export const KEYWORD_RULE_LIMITS = {
  nameMax: 80,
  wordsMax: 20,
  wordMax: 20,
  actionsMax: 10,
  /** An automatic answer: the messaging settings' answers' limit. */
  answerMax: 320,
  notifyUsersMax: 20,
  /** Rules in all (they are read for every batch of replies). */
  rulesMax: 100,
  testTextMax: 1600,
} as const;

/**
 * What a rule may do, in the order the form offers them. The list is open: a later action adds a
 * type here, a branch to the action union and one to the engine's switch; stored rules keep
 * working. `assign` hands the reply's conversation to a person or to the team (round-robin).
 */
export const KEYWORD_RULE_ACTION_TYPES = ['tag', 'field', 'answer', 'notify', 'assign'] as const;
export type KeywordRuleActionType = (typeof KEYWORD_RULE_ACTION_TYPES)[number];

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/** Sets one of the contact's tags (tag1, tag2 or tag3) to a value. */
const tagActionSchema = z.object({
  type: z.literal('tag'),
  field: z.enum(CONTACT_TAG_FIELDS, { error: `field must be one of ${CONTACT_TAG_FIELDS.join(', ')}` }),
  value: text('value', CONTACT_LIMITS.tagMax),
});
/** Sets one of the contact's custom fields to a value. */
const fieldActionSchema = z.object({
  type: z.literal('field'),
  name: text('name', CONTACT_LIMITS.customFieldNameMax),
  value: text('value', CONTACT_LIMITS.customFieldValueMax),
});
/** Answers the reply automatically (never to an opted-out contact). */
const answerActionSchema = z.object({ type: z.literal('answer'), text: text('text', KEYWORD_RULE_LIMITS.answerMax) });
/** Tells staff in the bell (and by e-mail if they asked): some users, and/or everyone of some roles. */
const notifyActionSchema = z
  .object({
    type: z.literal('notify'),
    userIds: z
      .array(z.uuid('userIds must hold user ids'))
      .max(KEYWORD_RULE_LIMITS.notifyUsersMax, `userIds may hold at most ${KEYWORD_RULE_LIMITS.notifyUsersMax} users`)
      .default([]),
    roles: z.array(z.enum(ROLES, { error: `roles must be among ${ROLES.join(', ')}` })).default([]),
  })
  .refine((action) => action.userIds.length + action.roles.length > 0, { message: 'notify needs userIds or roles', path: ['userIds'] });

/**
 * Assigns the reply's conversation (the tickets, decision 100): to a user who may answer in the
 * inbox (`userId`), or, with `userId` null, to the team: the next available agent (round-robin).
 */
const assignActionSchema = z.object({
  type: z.literal('assign'),
  userId: z.uuid('userId must be a user id or null (round-robin)').nullable(),
});

export const keywordRuleActionSchema = z.discriminatedUnion(
  'type',
  [tagActionSchema, fieldActionSchema, answerActionSchema, notifyActionSchema, assignActionSchema],
  {
    error: `type must be one of ${KEYWORD_RULE_ACTION_TYPES.join(', ')}`,
  },
);
export type KeywordRuleAction = z.infer<typeof keywordRuleActionSchema>;

/** An action in an answer (plain types). */
export const keywordRuleActionViewSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tag'), field: z.enum(CONTACT_TAG_FIELDS), value: z.string() }),
  z.object({ type: z.literal('field'), name: z.string(), value: z.string() }),
  z.object({ type: z.literal('answer'), text: z.string() }),
  z.object({ type: z.literal('notify'), userIds: z.array(z.string()), roles: z.array(z.enum(ROLES)) }),
  z.object({ type: z.literal('assign'), userId: z.string().nullable() }),
]);

const wordsSchema = z
  .array(
    z
      .string({ error: 'words must be a list of words' })
      .trim()
      .toUpperCase()
      .regex(
        new RegExp(`^[\\p{L}\\p{N}]{1,${KEYWORD_RULE_LIMITS.wordMax}}$`, 'u'),
        `words must be single words of letters or digits (at most ${KEYWORD_RULE_LIMITS.wordMax})`,
      ),
    { error: 'words must be a list of words' },
  )
  .min(1, 'words must list at least one word')
  .max(KEYWORD_RULE_LIMITS.wordsMax, `words may list at most ${KEYWORD_RULE_LIMITS.wordsMax} words`)
  .transform((words) => [...new Set(words)]);

const actionsSchema = z
  .array(keywordRuleActionSchema, { error: 'actions must be a list of actions' })
  .min(1, 'actions must list at least one action')
  .max(KEYWORD_RULE_LIMITS.actionsMax, `actions may list at most ${KEYWORD_RULE_LIMITS.actionsMax} actions`);

/** POST /api/keyword-rules */
export const createKeywordRuleBodySchema = z.object({
  name: text('name', KEYWORD_RULE_LIMITS.nameMax),
  words: wordsSchema,
  actions: actionsSchema,
  enabled: z.boolean({ error: 'enabled must be true or false' }).default(true),
});
export type CreateKeywordRuleBody = z.infer<typeof createKeywordRuleBodySchema>;
/** PUT /api/keyword-rules/{id}: any subset (enabling and disabling is `enabled`). */
export const updateKeywordRuleBodySchema = z.object({
  name: text('name', KEYWORD_RULE_LIMITS.nameMax).optional(),
  words: wordsSchema.optional(),
  actions: actionsSchema.optional(),
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
});
export type UpdateKeywordRuleBody = z.infer<typeof updateKeywordRuleBodySchema>;

/** PUT /api/keyword-rules/order: every rule's id, in the new order. */
export const reorderKeywordRulesBodySchema = z.object({
  ids: z
    .array(z.uuid('ids must hold rule ids'), { error: 'ids must be a list of rule ids' })
    .max(KEYWORD_RULE_LIMITS.rulesMax, `ids may hold at most ${KEYWORD_RULE_LIMITS.rulesMax} rules`),
});

export const keywordRuleIdParamsSchema = z.object({ id: z.uuid('id must be a valid rule id') });

export const keywordRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  words: z.array(z.string()),
  actions: z.array(keywordRuleActionViewSchema),
  enabled: z.boolean(),
  /** 1 for the rule applied first. */
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KeywordRule = z.infer<typeof keywordRuleSchema>;
export const keywordRuleResponseSchema = z.object({ rule: keywordRuleSchema });
/** GET /api/keyword-rules: every rule, in order. */
export const keywordRuleListResponseSchema = listResponseSchema(keywordRuleSchema);

/**
 * What one action did to one reply, as a code with parameters the web app translates
 * (CONVENTIONS 13): `tagged` {field, value}, `field_set` {name, value}, `answered`,
 * `answer_skipped` (the contact is opted out, or has no number to answer), `notified` {users};
 * the assign action: `assigned` {userId, name} (the conversation is that user's: the one named, or
 * the one round-robin picked), `assigned_team` (the test box: the next available agent would get
 * it), `assign_unavailable` (the user named may no longer be assigned), `assign_no_agent`
 * (round-robin found nobody available), `assign_kept` {name} (round-robin: the conversation
 * already had someone, who keeps it).
 */
export const KEYWORD_RULE_RESULT_CODES = [
  'tagged',
  'field_set',
  'answered',
  'answer_skipped',
  'notified',
  'assigned',
  'assigned_team',
  'assign_unavailable',
  'assign_no_agent',
  'assign_kept',
] as const;
export type KeywordRuleResultCode = (typeof KEYWORD_RULE_RESULT_CODES)[number];
export const keywordRuleResultSchema = z.object({
  code: z.enum(KEYWORD_RULE_RESULT_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type KeywordRuleResult = z.infer<typeof keywordRuleResultSchema>;

/** A rule that applied to a reply (its name as it was then) and what its actions did. */
export const keywordRuleApplicationSchema = z.object({
  ruleId: z.string(),
  ruleName: z.string(),
  results: z.array(keywordRuleResultSchema),
});
export type KeywordRuleApplication = z.infer<typeof keywordRuleApplicationSchema>;

/** POST /api/keyword-rules/test: what would happen to a reply (nothing is written). */
export const testKeywordRulesBodySchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .max(KEYWORD_RULE_LIMITS.testTextMax, `text must be at most ${KEYWORD_RULE_LIMITS.testTextMax} characters`),
  /** Test as if the sender were opted out (no automatic answer; YES may opt them in). */
  optedOut: z.boolean({ error: 'optedOut must be true or false' }).default(false),
});
export const testKeywordRulesResponseSchema = z.object({
  /** The messaging settings' keyword the reply is (an opt-out keyword stops the rules), or null. */
  keyword: z.enum(['optOut', 'optIn', 'help']).nullable(),
  /** The enabled rules that would apply, in order. */
  applications: z.array(keywordRuleApplicationSchema),
});
export type TestKeywordRulesResponse = z.infer<typeof testKeywordRulesResponseSchema>;
