import { z } from 'zod';
import { CONTACT_SOURCES, OPT_OUT_SOURCES } from './contacts.ts';
import { MESSAGE_KINDS, MESSAGE_STATUSES } from './message-statuses.ts';
import { TICKET_STATUSES } from './tickets.ts';
import { OPT_IN_SOURCES } from './webhooks.ts';

/** Items per page of a contact's timeline (and the most one page may ask for). */
export const TIMELINE_PAGE = { default: 50, max: 100 } as const;

/** The kinds of timeline items, one per source of the timeline's union (decision 102). */
export const TIMELINE_KINDS = [
  'created',
  'message',
  'reply',
  'opt_out',
  'opt_in',
  'consent',
  'note',
  'conversation_assigned',
  'conversation_status',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

const person = z.object({ id: z.string(), name: z.string() }).nullable();
const campaign = z.object({ id: z.string(), name: z.string() }).nullable();
/** Every item: a stable key (its place in the order when times are equal), its kind and the database's time. */
const base = { key: z.string(), at: z.string() };

export const timelineItemSchema = z.discriminatedUnion('kind', [
  /** The contact was added: by hand, by an import (which one), by a reply from a new number, the API or the web form. */
  z.object({
    ...base,
    kind: z.literal('created'),
    source: z.enum(CONTACT_SOURCES),
    import: z.object({ id: z.string(), fileName: z.string() }).nullable(),
    by: person,
  }),
  /** A message sent to the contact (a campaign's or a direct one) and its outcome so far. */
  z.object({
    ...base,
    kind: z.literal('message'),
    messageKind: z.enum(MESSAGE_KINDS),
    campaign,
    status: z.enum(MESSAGE_STATUSES),
    body: z.string().nullable(),
    errorCode: z.string().nullable(),
    sentAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
  }),
  /** A message from the contact; `optsOut` when it was an opt-out keyword; `campaign`: what it answered. */
  z.object({ ...base, kind: z.literal('reply'), body: z.string(), optsOut: z.boolean(), campaign }),
  /** The contact's opt-out, with its source. */
  z.object({ ...base, kind: z.literal('opt_out'), source: z.enum(OPT_OUT_SOURCES).nullable() }),
  /** The contact's opt-in after an opt-out, with its source (and the consent note of a staff member). */
  z.object({ ...base, kind: z.literal('opt_in'), source: z.enum(OPT_IN_SOURCES).nullable(), note: z.string().nullable(), by: person }),
  /** A consent record of the public site (subscription confirmed, unsubscribed). */
  z.object({
    ...base,
    kind: z.literal('consent'),
    action: z.enum(['opt_in', 'opt_out']),
    source: z.string(),
    topics: z.array(z.string()),
  }),
  /** An internal note. */
  z.object({ ...base, kind: z.literal('note'), noteId: z.string(), body: z.string(), author: person }),
  /**
   * The conversation changed hands: `from` and `to` (null: nobody), `by` who did it (null with
   * `auto`: round-robin handed it over).
   */
  z.object({ ...base, kind: z.literal('conversation_assigned'), from: person, to: person, by: person, auto: z.boolean() }),
  /**
   * The conversation's status changed (resolved, reopened, snoozed...): `by` who did it, or null
   * with `reason` 'inbound' when a message from the contact reopened or woke it.
   */
  z.object({
    ...base,
    kind: z.literal('conversation_status'),
    from: z.enum(TICKET_STATUSES).nullable(),
    to: z.enum(TICKET_STATUSES),
    by: person,
    reason: z.enum(['inbound']).nullable(),
    snoozedUntil: z.string().nullable(),
  }),
]);
export type TimelineItem = z.infer<typeof timelineItemSchema>;

/** GET /api/contacts/{id}/timeline: newest first; `before` is the `next` of the page before. */
export const timelineQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(TIMELINE_PAGE.max, `limit must be at most ${TIMELINE_PAGE.max}`)
    .default(TIMELINE_PAGE.default),
  before: z
    .string()
    .max(200, 'before must be a cursor from an earlier page')
    .regex(/^[A-Za-z0-9_-]+$/, 'before must be a cursor from an earlier page')
    .optional(),
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const timelineResponseSchema = z.object({
  data: z.array(timelineItemSchema),
  /** The cursor of the next (older) page, or null at the start of the contact's history. */
  next: z.string().nullable(),
});
export type TimelinePage = z.infer<typeof timelineResponseSchema>;
