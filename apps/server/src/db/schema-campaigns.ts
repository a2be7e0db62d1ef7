import type { CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * SMS gateways configured by admins. `config` holds the kind's settings, `secrets` its passwords
 * and tokens (never returned by the API). One gateway is the default (partial unique index).
 */
export const gateways = pgTable(
  'gateways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['simulator', 'smpp', 'twilio', 'kannel', 'http'] }).notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    secrets: jsonb('secrets').$type<Record<string, string>>().notNull().default({}),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    /** Messages per second across all workers; null = unlimited. */
    rateLimit: integer('rate_limit'),
    /** Bumped on every change so each worker rebuilds its connection for the new settings. */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('gateways_one_default')
      .on(table.isDefault)
      .where(sql`${table.isDefault} and ${table.deletedAt} is null`),
    check('gateways_kind_check', sql`${table.kind} in ('simulator', 'smpp', 'twilio', 'kannel', 'http')`),
  ],
);

/**
 * The link of a gateway (SMPP: its bind) as each worker process sees it, written by the workers on
 * every change and refreshed (seen_at) while they run; the API reads it for the gateways screen and
 * a campaign's progress. Rows not seen for a while belong to workers that stopped.
 */
export const gatewayLinks = pgTable(
  'gateway_links',
  {
    gatewayId: uuid('gateway_id').notNull(),
    /** The worker process (host, pid and a random part). */
    worker: text('worker').notNull(),
    state: text('state', { enum: ['connected', 'retrying', 'refused'] }).notNull(),
    /** Why it is not connected (the last failure). */
    reason: text('reason'),
    /** When it entered this state (the database's time): a retrying link keeps the time it was lost. */
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.gatewayId, table.worker] }),
    check('gateway_links_state_check', sql`${table.state} in ('connected', 'retrying', 'refused')`),
  ],
);

/**
 * SMS campaigns. The state machine lives in modules/campaigns/campaign-state.ts; message counts
 * are not columns here but campaign_counts + message_count_deltas, kept by triggers on messages.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    body: text('body').notNull().default(''),
    senderId: text('sender_id'),
    /** Chosen gateway; null = the default one, resolved and stored at launch. */
    gatewayId: uuid('gateway_id'),
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled', 'failed', 'in_review'] })
      .notNull()
      .default('draft'),
    /** Why it waits, paused by itself or failed: `{ code, params }`, translated where it is shown. */
    statusReason: jsonb('status_reason').$type<CampaignStatusReason>(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    scheduledLocal: text('scheduled_local'),
    timeZone: text('time_zone').notNull().default('UTC'),
    rateLimit: integer('rate_limit'),
    replyWindowHours: integer('reply_window_hours').notNull().default(72),
    quietHours: jsonb('quiet_hours').$type<{ start: string; end: string }>(),
    validityHours: integer('validity_hours'),
    followUpOf: uuid('follow_up_of'),
    /** Launch fan-out: last contact id materialised, and the lease of the worker doing it. */
    fanoutCursor: uuid('fanout_cursor'),
    fanoutLeaseUntil: timestamp('fanout_lease_until', { withTimezone: true }),
    /** Set when every recipient has its message row. */
    audienceReadyAt: timestamp('audience_ready_at', { withTimezone: true }),
    /** Errors in a row from the gateway; past the limit the campaign pauses itself. */
    consecutiveErrors: integer('consecutive_errors').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    launchedAt: timestamp('launched_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Published to the public archive (shown once launched, merge fields as their fallbacks): when and by whom. */
    archivePublishedAt: timestamp('archive_published_at', { withTimezone: true }),
    archivePublishedBy: uuid('archive_published_by'),
  },
  (table) => [
    index('campaigns_created_at_idx').on(table.createdAt, table.id),
    index('campaigns_archive_idx')
      .on(table.launchedAt)
      .where(sql`${table.archivePublishedAt} is not null`),
    index('campaigns_status_idx').on(table.status),
    check(
      'campaigns_status_check',
      sql`${table.status} in ('draft', 'scheduled', 'sending', 'paused', 'completed', 'cancelled', 'failed', 'in_review')`,
    ),
    check(
      'campaigns_status_reason_check',
      sql`${table.statusReason} is null or coalesce(jsonb_typeof(${table.statusReason} -> 'code') = 'string' and jsonb_typeof(${table.statusReason} -> 'params') = 'object', false)`,
    ),
  ],
);

/** The explicit contact list of a campaign whose audience is `contacts`. */
export const campaignAudienceContacts = pgTable(
  'campaign_audience_contacts',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.contactId] })],
);

/**
 * Outbound SMS: one row per (campaign, contact), unique, so a repeated launch cannot double a
 * recipient; test sends and inbox replies have kind 'test'/'reply', account notices (reset links,
 * sign-in codes) 'notice': never shown through the messages API. Dispatchers claim rows in id
 * order (bigint identity) with FOR UPDATE SKIP LOCKED and a lease (lease_until).
 * campaign_id has no foreign key, like contact_id: a million-row launch would pay a per-row
 * referential check (a large share of the fan-out's time), and only the fan-out writes it,
 * holding the campaign row locked; deleting a campaign deletes its messages itself.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['campaign', 'test', 'reply', 'auto', 'notice', 'api'] })
      .notNull()
      .default('campaign'),
    campaignId: uuid('campaign_id'),
    contactId: uuid('contact_id'),
    gatewayId: uuid('gateway_id'),
    phone: text('phone').notNull(),
    senderId: text('sender_id'),
    body: text('body'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'cancelled', 'skipped', 'unknown'] })
      .notNull()
      .default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    /** A retry waits until then; null = due now. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** While `sending`: the claim expires then, and the message is queued again (crashed worker). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    gatewayMessageId: text('gateway_message_id'),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    segments: smallint('segments'),
    encoding: text('encoding'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its latest claim began (database's clock): the handover to the gateway comes after it. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * The earliest claim that may have handed it to the gateway (migration 0027): kept through a
     * requeue or a lease recovery, so a resend keeps the first hand-over as its sent time.
     */
    handedAt: timestamp('handed_at', { withTimezone: true }),
    /**
     * When the gateway accepted it, as of its claim (claimed_at): the database's clock, never after
     * the handover, however long the batch's write-back took.
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * What it cost, in millionths of price_currency: set with sent_at (the gateway accepted it),
     * with the price table of that moment, and never changed after (decision 118).
     */
    priceMicros: bigint('price_micros', { mode: 'number' }),
    priceCurrency: text('price_currency'),
    /** When the delivery receipt (or a reply, which proves delivery) arrived, by the database's clock: never before sent_at nor after replied_at. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The carrier's own "done date" of the receipt (its clock, often minutes only), kept for reference: never used to order. */
    carrierDoneAt: timestamp('carrier_done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** First reply to this message (set by the inbound path). */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    replyText: text('reply_text'),
    replyWord: text('reply_word'),
    /** When its recipient opted out in answer to it: the earliest opt-out keyword matched to it (decision 083). */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /**
     * Campaign messages: the contact's tag1 when the message was created ('' for none), which the
     * reports group by, so a later tag edit never moves an earlier campaign's figures (decision 089).
     */
    tag1: text('tag1'),
    createdBy: uuid('created_by'),
    /** 1 = high (the integration API's priority lane: claimed before every other one-off), 0 = normal. */
    priority: smallint('priority').notNull().default(0),
    /** The integration caller's own reference (kind 'api'). */
    reference: text('reference'),
    /** The API key that sent it (kind 'api'). */
    apiKeyId: uuid('api_key_id'),
    /** The URL that hears its status changes (kind 'api', optional; migration 0034, decision 092). */
    statusCallback: text('status_callback'),
  },
  (table) => [
    uniqueIndex('messages_campaign_contact_unique').on(table.campaignId, table.contactId),
    // Dispatch claims: the queued messages of one campaign (or the one-offs: campaign null) in id order.
    index('messages_queued_idx')
      .on(table.campaignId, table.id)
      .where(sql`${table.status} = 'queued'`),
    // Lease recovery scans only rows in flight.
    index('messages_sending_idx')
      .on(table.leaseUntil)
      .where(sql`${table.status} = 'sending'`),
    // One-offs waiting for a receipt, by send time: the receipt-timeout sweep turns those past
    // their wait into 'unknown' (migration 0028). Campaign messages need none: the sweep walks a
    // campaign through messages_campaign_contact_unique, so their write-backs pay for no index.
    index('messages_one_off_sent_idx')
      .on(table.sentAt)
      .where(sql`${table.status} = 'sent' and ${table.campaignId} is null`),
    // Receipts find their message by the gateway's id.
    index('messages_gateway_message_idx')
      .on(table.gatewayMessageId)
      .where(sql`${table.gatewayMessageId} is not null`),
    // No index of its own for a contact's history: (campaign_id, contact_id) answers it with one
    // probe per campaign (a few thousand at most), and each index here costs every status update.
    // One-off messages (test, reply, auto, notice: campaign_id null, a small share of the table)
    // by contact, for a contact's history and inbox thread, and by id, for the inbox's live
    // updates. Partial, so campaign rows never enter them.
    index('messages_one_off_contact_idx')
      .on(table.contactId, table.id)
      .where(sql`${table.campaignId} is null`),
    index('messages_one_off_idx')
      .on(table.id)
      .where(sql`${table.campaignId} is null`),
    // Recent errors of a campaign (errors are rare, so this stays small).
    index('messages_errors_idx')
      .on(table.campaignId, table.id)
      .where(sql`${table.errorCode} is not null`),
    // Integration API messages by time, for the dashboard's figures (migration 0021).
    index('messages_api_queued_idx')
      .on(table.queuedAt)
      .where(sql`${table.kind} = 'api'`),
    // A sender's messages by time: the numbers list's usage and a number's daily chart (migration
    // 0044). Neither column changes after the insert, so status updates stay HOT.
    index('messages_sender_queued_idx')
      .on(table.senderId, table.queuedAt)
      .where(sql`${table.senderId} is not null`),
    // Spend and budgets by send time (migration 0045, decision 109): BRIN, so write-backs pay almost nothing.
    index('messages_sent_at_brin').using('brin', table.sentAt),
    check(
      'messages_status_check',
      sql`${table.status} in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'cancelled', 'skipped', 'unknown')`,
    ),
    check('messages_kind_check', sql`${table.kind} in ('campaign', 'test', 'reply', 'auto', 'notice', 'api')`),
  ],
);

/**
 * Message counts per (campaign, status): the rolled-up part. The live count is this plus the
 * un-rolled rows of message_count_deltas; both are written by triggers on messages, so the
 * figures always equal the message rows at any snapshot.
 */
export const campaignCounts = pgTable(
  'campaign_counts',
  {
    campaignId: uuid('campaign_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.status] })],
);

/** Count changes appended by the messages triggers (no row locks, no contention); rolled up often. */
export const messageCountDeltas = pgTable(
  'message_count_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (table) => [index('message_count_deltas_campaign_idx').on(table.campaignId)],
);

/**
 * The tag1 report's cells, rolled up (migration 0033, decision 089): messages per (campaign, tag1 at
 * fan-out, status, replied, reply word of the replied or '', opted out in answer). The live figure
 * is this plus the un-rolled rows of reportTag1Deltas, both written by triggers on messages.
 */
export const campaignTag1Counts = pgTable(
  'campaign_tag1_counts',
  {
    campaignId: uuid('campaign_id').notNull(),
    tag1: text('tag1').notNull(),
    status: text('status').notNull(),
    replied: boolean('replied').notNull(),
    word: text('word').notNull(),
    optedOut: boolean('opted_out').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'campaign_tag1_counts_pk',
      columns: [table.campaignId, table.tag1, table.status, table.replied, table.word, table.optedOut],
    }),
  ],
);

/** Changes of the tag1 cells appended by the messages triggers; rolled up often. */
export const reportTag1Deltas = pgTable(
  'report_tag1_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id').notNull(),
    tag1: text('tag1').notNull(),
    status: text('status').notNull(),
    replied: boolean('replied').notNull(),
    word: text('word').notNull(),
    optedOut: boolean('opted_out').notNull(),
    n: integer('n').notNull(),
  },
  (table) => [index('report_tag1_deltas_campaign_idx').on(table.campaignId)],
);

/** The delivery summary's errors, rolled up (migration 0033): messages per (campaign, error code, error text or ''). */
export const campaignErrorCounts = pgTable(
  'campaign_error_counts',
  {
    campaignId: uuid('campaign_id').notNull(),
    errorCode: text('error_code').notNull(),
    errorText: text('error_text').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ name: 'campaign_error_counts_pk', columns: [table.campaignId, table.errorCode, table.errorText] })],
);

/** Changes of the error counts appended by the messages triggers; rolled up often. */
export const reportErrorDeltas = pgTable(
  'report_error_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id').notNull(),
    errorCode: text('error_code').notNull(),
    errorText: text('error_text').notNull(),
    n: integer('n').notNull(),
  },
  (table) => [index('report_error_deltas_campaign_idx').on(table.campaignId)],
);

const timelineColumns = () => ({
  campaignId: uuid('campaign_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  sent: bigint('sent', { mode: 'number' }).notNull(),
  delivered: bigint('delivered', { mode: 'number' }).notNull(),
  failed: bigint('failed', { mode: 'number' }).notNull(),
});

/**
 * The delivery timeline, rolled up per UTC second and per UTC minute (migration 0033): messages
 * sent (sent_at), delivered (delivered_at, status delivered) and failed (failed_at, status failed
 * or undelivered) at that time. The live figure adds the un-rolled reportTimelineDeltas (per second).
 */
export const campaignTimelineSeconds = pgTable('campaign_timeline_seconds', timelineColumns(), (table) => [
  primaryKey({ name: 'campaign_timeline_seconds_pk', columns: [table.campaignId, table.at] }),
]);
export const campaignTimelineMinutes = pgTable('campaign_timeline_minutes', timelineColumns(), (table) => [
  primaryKey({ name: 'campaign_timeline_minutes_pk', columns: [table.campaignId, table.at] }),
]);

/** Timeline changes per (campaign, second) appended by the messages triggers; rolled up often. */
export const reportTimelineDeltas = pgTable(
  'report_timeline_deltas',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    sent: integer('sent').notNull(),
    delivered: integer('delivered').notNull(),
    failed: integer('failed').notNull(),
  },
  (table) => [index('report_timeline_deltas_campaign_idx').on(table.campaignId)],
);

/** Receipts that arrived before their message's gateway id was written back; matched again later. */
export const pendingReceipts = pgTable(
  'pending_receipts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gatewayId: uuid('gateway_id').notNull(),
    gatewayMessageId: text('gateway_message_id').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code'),
    errorText: text('error_text'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pending_receipts_gateway_message_idx').on(table.gatewayMessageId)],
);

/**
 * Gateway ids of submissions whose write-back lost to a newer claim of the same message (its
 * worker stalled past the lease): a receipt for them still finds the message (migration 0027).
 */
export const earlierSubmissions = pgTable(
  'earlier_submissions',
  {
    gatewayId: uuid('gateway_id').notNull(),
    gatewayMessageId: text('gateway_message_id').notNull(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'earlier_submissions_pk', columns: [table.gatewayId, table.gatewayMessageId] })],
);

/** Token buckets for rate limits shared by every worker process ('gateway:<id>', 'campaign:<id>'). */
export const rateBuckets = pgTable('rate_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per dispatched batch: the campaign page's rate and ETA over the last minute. */
export const dispatchBatches = pgTable(
  'dispatch_batches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    handed: integer('handed').notNull(),
    errors: integer('errors').notNull(),
  },
  (table) => [index('dispatch_batches_campaign_at_idx').on(table.campaignId, table.at)],
);

/**
 * Messages received from phones, stored once per gateway message id (idempotent inbound).
 * Matching to campaigns and keywords is done by the inbound path after storing.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gatewayId: uuid('gateway_id').notNull(),
    gatewayMessageId: text('gateway_message_id').notNull(),
    fromPhone: text('from_phone').notNull(),
    toAddress: text('to_address').notNull(),
    body: text('body').notNull(),
    /** When it reached the gateway, by the database's clock (the gateway process only measures how long it waited). */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    contactId: uuid('contact_id'),
    /** The outbound message this answers, when matched. */
    replyToMessageId: bigint('reply_to_message_id', { mode: 'number' }),
    /** It may answer a message still being handed to the gateway: matched once that message has its outcome. */
    replyPending: boolean('reply_pending').notNull().default(false),
    /** It opted its sender out (an opt-out keyword from a contact who was not opted out): decision 083. */
    optsOut: boolean('opts_out').notNull().default(false),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('inbound_messages_gateway_unique').on(table.gatewayId, table.gatewayMessageId),
    index('inbound_messages_contact_idx').on(table.contactId, table.id),
    // A sender's messages for GET /api/v1/inbound?from= (migration 0034).
    index('inbound_messages_from_idx').on(table.fromPhone, table.id),
    // What came in on one of our numbers, by time (a number's daily chart, migration 0044).
    index('inbound_messages_to_received_idx').on(table.toAddress, table.receivedAt),
    index('inbound_messages_unprocessed_idx')
      .on(table.id)
      .where(sql`${table.processedAt} is null`),
    index('inbound_messages_reply_pending_idx')
      .on(table.contactId)
      .where(sql`${table.replyPending}`),
  ],
);

/**
 * The inbox's read mark per contact (shared by the whole team, like a shared mailbox): inbound
 * messages with an id above it are unread. Marking a conversation read is one upsert; nothing is
 * written per inbound message. No foreign key to contacts, so deleting contacts never probes this
 * table; a mark left by a deleted contact is never read.
 */
export const inboxReads = pgTable('inbox_reads', {
  contactId: uuid('contact_id').primaryKey(),
  lastReadInboundId: bigint('last_read_inbound_id', { mode: 'number' }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  readBy: uuid('read_by'),
});

/**
 * One row per inbox conversation (a contact with inbound messages or inbox replies), kept by the
 * inbound processing (one upsert per contact per batch) and by replies, so the conversation list
 * reads a page of this in activity order instead of aggregating every inbound message.
 */
export const inboxConversations = pgTable(
  'inbox_conversations',
  {
    contactId: uuid('contact_id').primaryKey(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    /** Highest inbound id of the contact: unread when above the read mark. */
    lastInboundId: bigint('last_inbound_id', { mode: 'number' }),
  },
  (table) => [index('inbox_conversations_activity_idx').on(table.lastActivityAt, table.contactId)],
);

/** Posts staff write for the public archive (Markdown); hidden until publish_at. */
export const archivePosts = pgTable(
  'archive_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    authorId: uuid('author_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('archive_posts_publish_at_idx').on(table.publishAt)],
);
