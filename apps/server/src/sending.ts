import { enqueueNotice } from './modules/account/index.ts';
import { recordInboundActivity } from './modules/inbox/index.ts';
import { StatusCallbackDeliverer } from './modules/integration/index.ts';
import { applyKeywordRules, applyReplyRules } from './modules/keyword-rules/index.ts';
import { createMessagingEngine, type MessagingEngine } from './modules/messaging/index.ts';
import { notifyCampaignChanges, notifyKeywordRules } from './modules/notifications/index.ts';
import { addCompletedCampaignFigures } from './modules/reports/index.ts';
import { confirmSubscriptionsByReply } from './modules/public-site/index.ts';
import { routeBySender } from './modules/senders/index.ts';
import { assignByRules, conversationsOnInbound } from './modules/tickets/index.ts';
import { WebhookDeliverer } from './modules/webhooks/index.ts';
import { createDomainEvents, type DomainEvents } from './platform/domain-events.ts';
import type { Jobs } from './platform/jobs.ts';

// The composition root of sending (decision 081): which features hear what the engine changes, and
// what runs beside the engine in a worker process (or the embedded one). The engine imports none
// of them.

/**
 * The engine's subscribers, in the order they run, inside the engine's transaction. The same in
 * every process: the worker's engine and the API's webhook sink (Twilio) publish alike.
 * `emailAvailable` (SMTP_URL is set): notifications written here ask for the e-mails users want.
 *
 * The webhook outbox hears `receipt.recorded`, `contact.consent_changed` and the campaign
 * completions of `campaign.status_changed` through its database triggers (decision 052), in the
 * same statements: they also hear the writers outside the engine (contact edits, imports, the
 * API's campaign actions), which publish nothing, and write the payloads integrations know (decision 088).
 */
export function domainEvents(options: { emailAvailable?: boolean } = {}): DomainEvents {
  return createDomainEvents({
    // A reply with the opt-in keyword confirms a subscription code texted by the public site.
    'inbound.received': [confirmSubscriptionsByReply],
    // The keyword rules (opt-out, opt-in, help): consent, a campaign's opt-outs, automatic answers.
    // After the public site's confirmation, whose opt-ins they leave standing. Then the admin's
    // keyword rules (decision 104), which read the consent the keywords left; their assign action
    // is the tickets' (it opens the conversation first, so the tickets' subscriber below leaves the
    // rule's assignee standing instead of round-robin).
    // The numbers' routing (decision 108) comes before the admin's rules, whose assignment wins.
    'inbound.matched': [
      applyKeywordRules,
      routeBySender(assignByRules),
      applyReplyRules({ notify: notifyKeywordRules(options.emailAvailable ?? false), assign: assignByRules }),
    ],
    // The inbox's conversation list: one upsert per contact of the batch. Then the tickets: a reply
    // opens or reopens its conversation (round-robin assigns it when that setting is on).
    'inbound.processed': [(tx, { ids }) => recordInboundActivity(tx, ids), conversationsOnInbound],
    // Webhooks: message.status of integration API messages, by trigger (see above).
    'receipt.recorded': [],
    // The bell: completed, or paused by itself, in the transaction that moved it (the sweep finds it written).
    // Webhooks: campaign.completed (written by trigger) carries the campaign's figures as the reports define them.
    'campaign.status_changed': [notifyCampaignChanges(options.emailAvailable ?? false), addCompletedCampaignFigures],
    // Webhooks: contact.opted_out / contact.opted_in, by trigger (see above).
    'contact.consent_changed': [],
  });
}

/**
 * The sending engine of this process with its subscribers, and the webhook and status callback
 * deliverers beside it (deliveries run where the engine runs). Started and stopped together.
 */
export function createSending(
  deps: Omit<Parameters<typeof createMessagingEngine>[0], 'events'> & {
    /** Let webhook deliveries reach private, loopback and link-local addresses (ALLOW_PRIVATE_WEBHOOK_URLS). */
    allowPrivateWebhooks?: boolean;
    /** The job runner: admins are told through an account notice when a webhook is turned off. */
    jobs?: Jobs;
    /** SMTP_URL is set: notifications the engine's subscribers write ask for e-mails. */
    emailAvailable?: boolean;
  },
): MessagingEngine {
  const { allowPrivateWebhooks, jobs, emailAvailable, ...engineDeps } = deps;
  const engine = createMessagingEngine({ ...engineDeps, events: domainEvents({ emailAvailable: emailAvailable ?? false }) });
  const webhooks = new WebhookDeliverer({
    db: deps.database.db,
    availability: deps.database.availability,
    allowPrivate: allowPrivateWebhooks ?? false,
    publicUrl: deps.publicUrl,
    logger: deps.logger,
    ...(jobs ? { onDisabled: (endpoint) => enqueueNotice(jobs, { type: 'webhook-disabled', webhookId: endpoint.id, ...endpoint }) } : {}),
  });
  // The integration API's per-message status callbacks: the webhooks' delivery, to the message's own URL (decision 092).
  const callbacks = new StatusCallbackDeliverer({
    db: deps.database.db,
    availability: deps.database.availability,
    allowPrivate: allowPrivateWebhooks ?? false,
    publicUrl: deps.publicUrl,
    logger: deps.logger,
  });
  return {
    ...engine,
    start: () => {
      engine.start();
      webhooks.start();
      callbacks.start();
    },
    stop: async () => {
      await engine.stop();
      await webhooks.stop();
      await callbacks.stop();
    },
  };
}
