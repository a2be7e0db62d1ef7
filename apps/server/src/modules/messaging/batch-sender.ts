import { statusReasonMessage, type CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import { MESSAGE_ERROR_CODES } from '@sms/contracts/messages';
import type { Database } from '../../db/client.ts';
import { GatewayDeleted, GatewayLinkDown, GatewayUnavailable, GatewayUnusable, type SendResult } from '../../gateways/gateway.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import type { JobsLogger } from '../../platform/jobs.ts';
import { batchesInFlight, recordOutcomes, submitSeconds } from '../../platform/metrics.ts';
import { transitionCampaign } from '../campaigns/index.ts';
import { matchPendingReplies } from '../inbound/index.ts';
import { recipientContacts, setStatusReason, type ActiveCampaign } from './dispatch-context.queries.ts';
import {
  optOutByProvider,
  probingByKey,
  relaxDurability,
  recordDispatchBatch,
  renewLeases,
  requeueClaimed,
  updateConsecutiveErrors,
  writeOutcomes,
  type ClaimedMessage,
  type MessageOutcome,
} from './dispatch.queries.ts';
import type { LiveGateway } from './gateway-registry.ts';
import { failQueuedMessages } from '../messages/index.ts';
import { messagingSettingsForSending } from '../settings/index.ts';
import type { MessagingSettings } from '@sms/contracts/messaging-settings';
import { compiledTemplate, outcomesOf, prepareBatch, type RecipientContact } from './outcomes.ts';
import { recordPendingReceipts } from './receipts.ts';
import { untilStored } from './until-stored.ts';

/** A reason in the audit log: its English sentence (the log is read as written) and its code. */
const auditDetails = (reason: CampaignStatusReason) => ({ reason: statusReasonMessage(reason), reasonCode: reason.code });

/** What the dispatcher should do after a batch. */
export interface BatchResult {
  /** Leave the campaign alone this long (the gateway is down). */
  blockMs?: number;
  /** The campaign changed state (paused or failed): refresh the board. */
  stateChanged?: boolean;
  /** How long the gateway took to answer the batch (queued behind other lanes' batches included); absent when it threw. */
  submitMs?: number;
}

/**
 * Sends one claimed batch through a gateway and writes every outcome back in one transaction:
 * render, re-check consent, send (renewing the claim's lease while the gateway works), classify
 * results, opt out provider-unsubscribed contacts, track the campaign's error run and pause it
 * past the limit, fail it when the gateway is unusable.
 */
export class BatchSender {
  private readonly database: Database;
  private readonly logger: JobsLogger;
  private readonly events: DomainEvents;
  private readonly leaseSeconds: number;
  private readonly autoPauseAfter: number;
  /** Batches between claim and write-back in this process. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Per gateway: messages of batches given to send() and not yet handed to the gateway (their contacts being read). */
  private readonly preparing = new Map<string, number>();
  /** Aborted when the process stops: a write-back waiting for the database gives up then. */
  private readonly stopping: AbortSignal | undefined;

  constructor(deps: {
    database: Database;
    logger: JobsLogger;
    leaseSeconds: number;
    autoPauseAfter: number;
    events: DomainEvents;
    stopping?: AbortSignal;
  }) {
    this.database = deps.database;
    this.logger = deps.logger;
    this.events = deps.events;
    this.leaseSeconds = deps.leaseSeconds;
    this.autoPauseAfter = deps.autoPauseAfter;
    this.stopping = deps.stopping;
  }

  /** Runs a write until it lands, waiting out a database outage (until-stored.ts). */
  private stored<T>(write: () => Promise<T>): Promise<T> {
    return untilStored(this.database.availability, write, this.stopping);
  }

  /**
   * Keeps the claim of a batch alive while this process works on it: the lease is renewed every
   * third of its length, so a dead worker's batch is taken back within one lease (plus a sweep),
   * while a live one never loses its batch to another worker.
   */
  private keepLeased(ids: string[]): () => void {
    const renewal = setInterval(
      () => {
        renewLeases(this.database.db, ids, this.leaseSeconds).catch((error: unknown) => {
          if (!this.database.availability.failed(error)) this.logger.error({ err: error }, 'could not renew a lease');
        });
      },
      (this.leaseSeconds * 1000) / 3,
    );
    return () => clearInterval(renewal);
  }

  /**
   * Resolves when every batch in flight now has been written back. Receipts wait for it before
   * they are applied: a receipt usually belongs to a batch this process just sent, and applying it
   * after that batch's write-back finds its message instead of parking it.
   */
  async writtenBack(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Messages of this process's batches for the gateway that are about to be handed to it (see preparing). */
  preparingFor(gatewayId: string): number {
    return this.preparing.get(gatewayId) ?? 0;
  }

  /** `contacts`: the batch's contacts when the claim brought them (one-offs), else read here. */
  async send(
    claimed: ClaimedMessage[],
    live: LiveGateway,
    campaign: ActiveCampaign | null,
    contacts?: Map<string, RecipientContact>,
  ): Promise<BatchResult> {
    const release = this.keepLeased(claimed.map((message) => message.id));
    const work = this.sendAndWrite(claimed, live, campaign, contacts);
    this.inFlight.add(work);
    batchesInFlight.inc();
    try {
      return await work;
    } finally {
      release();
      this.inFlight.delete(work);
      batchesInFlight.dec();
    }
  }

  private async sendAndWrite(
    claimed: ClaimedMessage[],
    live: LiveGateway,
    campaign: ActiveCampaign | null,
    claimedContacts: Map<string, RecipientContact> | undefined,
  ): Promise<BatchResult> {
    const db = this.database.db;
    const gatewayId = live.row.id;
    this.preparing.set(gatewayId, (this.preparing.get(gatewayId) ?? 0) + claimed.length);
    let contacts: Map<string, RecipientContact>;
    // The price table of the hand-over (trusted 2 s, as decision 045): read before sending, so a
    // write-back of outcomes that exist nowhere else never waits on it.
    let prices: MessagingSettings;
    try {
      [contacts, prices] = await Promise.all([
        claimedContacts ??
          recipientContacts(
            db,
            claimed.flatMap((message) => (message.contactId ? [message.contactId] : [])),
          ),
        messagingSettingsForSending(db),
      ]);
    } finally {
      this.preparing.set(gatewayId, (this.preparing.get(gatewayId) ?? 0) - claimed.length);
    }
    const { send, settled } = prepareBatch(claimed, contacts, campaign ? compiledTemplate(campaign.body) : null);
    let results: SendResult[] = [];
    let submitMs: number | undefined;
    if (send.length > 0) {
      const submitted = submitSeconds.startTimer({ gateway: live.row.id });
      const submitStarted = performance.now();
      try {
        results = await live.gateway.sendBatch(send.map((item) => item.sms)).finally(() => submitted());
        submitMs = performance.now() - submitStarted;
      } catch (error) {
        await this.stored(() => writeOutcomes(db, live.row.id, settled));
        recordOutcomes(live.row.id, settled);
        return this.whenGatewayThrew(
          error,
          send.map((item) => item.message),
          campaign,
        );
      }
    }
    const { outcomes, optOutContactIds, accepted, errorsSinceLastAccept } = outcomesOf(send, results, Date.now(), prices);
    const priced = { currency: prices.currency };
    const lastError = outcomes.findLast((outcome) => outcome.errorCode)?.errorText ?? null;
    let stateChanged = false;
    const sentContactIds = send.flatMap(({ message }) => (message.contactId ? [message.contactId] : []));
    let receiptsPending = false;
    if (!campaign && optOutContactIds.length === 0) {
      // One-offs (the priority lane): the write-back alone is one statement, so no transaction,
      // saving BEGIN, SET and COMMIT per batch (mostly of one message). Pending replies are matched after its commit,
      // as housekeeping matches those whose processing committed after a write-back (every second,
      // which also covers a stop between the two).
      const written = await this.stored(() => writeOutcomes(db, live.row.id, [...settled, ...outcomes], { relaxed: true, ...priced }));
      receiptsPending = written.receiptsPending;
      if (written.repliesPending) await this.stored(() => db.transaction((tx) => matchPendingReplies(tx, sentContactIds)));
    } else
      // Held until it lands: these outcomes (the carrier's ids above all) exist nowhere else.
      await this.stored(() =>
        db.transaction(async (tx) => {
          stateChanged = false;
          await relaxDurability(tx);
          const written = await probingByKey(tx, () => writeOutcomes(tx, live.row.id, [...settled, ...outcomes], priced));
          receiptsPending = written.receiptsPending;
          // Replies that came while these messages were being handed over waited for this outcome.
          if (written.repliesPending) await matchPendingReplies(tx, sentContactIds);
          await optOutByProvider(tx, optOutContactIds);
          if (!campaign || send.length === 0) return;
          // Errors are what the carrier refused or failed to answer; a lost link is none.
          const errors = outcomes.filter(
            (outcome) => outcome.status === 'failed' || (outcome.status === 'queued' && !outcome.uncountAttempt),
          ).length;
          await recordDispatchBatch(tx, campaign.id, accepted, errors);
          const run = await updateConsecutiveErrors(tx, campaign.id, accepted, errorsSinceLastAccept);
          if (run >= this.autoPauseAfter) {
            stateChanged = await this.autoPause(tx, campaign.id, { code: 'AUTO_PAUSED_ERRORS', params: { errors: run, lastError } });
          } else if (accepted > 0 && campaign.statusReason?.code === 'GATEWAY_UNAVAILABLE') {
            await setStatusReason(tx, campaign.id, null);
            campaign.statusReason = null;
          }
        }),
      );
    recordOutcomes(live.row.id, [...settled, ...outcomes]);
    // Receipts that raced ahead of this write-back were parked: apply them now. One parked after
    // the write-back looked waits for housekeeping's sweep (5 s), its arrival time kept; so does
    // this one if the database is away now.
    const gatewayIds = outcomes.flatMap((outcome) => (outcome.gatewayMessageId ? [outcome.gatewayMessageId] : []));
    if (receiptsPending && gatewayIds.length > 0)
      await recordPendingReceipts(db, this.events, live.row.id, { gatewayMessageIds: gatewayIds }).catch((error: unknown) => {
        if (!this.database.availability.failed(error)) throw error;
      });
    return { stateChanged, ...(submitMs === undefined ? {} : { submitMs }) };
  }

  /** The whole batch failed at the gateway: retry later (unavailable) or fail the campaign (unusable). */
  private async whenGatewayThrew(error: unknown, messages: ClaimedMessage[], campaign: ActiveCampaign | null): Promise<BatchResult> {
    const db = this.database.db;
    if (error instanceof GatewayUnusable) {
      if (campaign) {
        await this.failCampaign(campaign.id, error, messages);
        return { stateChanged: true };
      }
      await this.failOneOffs(messages, error.message);
      return {};
    }
    // Retried soon, but not sooner than a second: a gateway down for good must not spin the lanes.
    const retryAfterMs = Math.max(1_000, error instanceof GatewayUnavailable ? (error.retryAfterMs ?? 5_000) : 5_000);
    const text = error instanceof Error ? error.message : String(error);
    if (!(error instanceof GatewayUnavailable)) this.logger.error({ err: error }, 'gateway threw while sending a batch');
    await this.stored(() =>
      requeueClaimed(db, messages, new Date(Date.now() + retryAfterMs), { code: MESSAGE_ERROR_CODES.gatewayUnavailable, text }),
    );
    if (!campaign) return { blockMs: retryAfterMs };
    // An outage the gateway recognised (GatewayUnavailable) is waiting, not failing: it never
    // counts toward the automatic pause, however long it lasts (only errors the carrier returns for
    // messages do), and sending continues by itself. Anything else thrown is the gateway's own
    // fault: counted, so a gateway that keeps throwing pauses its campaign.
    if (!(error instanceof GatewayUnavailable)) {
      const run = await this.stored(() => updateConsecutiveErrors(db, campaign.id, 0, 1));
      if (run >= this.autoPauseAfter)
        return {
          stateChanged: await db.transaction((tx) =>
            this.autoPause(tx, campaign.id, { code: 'AUTO_PAUSED_GATEWAY_UNAVAILABLE', params: { detail: text } }),
          ),
        };
    }
    // A link that is down reports itself (gateway_links): the campaign page shows the campaign
    // waiting for it since it was lost, and stops when it is back. Other outages are told by the status reason.
    if (error instanceof GatewayLinkDown) return { blockMs: retryAfterMs };
    if (campaign.statusReason?.code !== 'GATEWAY_UNAVAILABLE' || campaign.statusReason.params.detail !== text) {
      const reason: CampaignStatusReason = { code: 'GATEWAY_UNAVAILABLE', params: { detail: text } };
      await this.stored(() => setStatusReason(db, campaign.id, reason));
      campaign.statusReason = reason;
    }
    return { blockMs: retryAfterMs };
  }

  private async autoPause(
    db: Database['db'] | Parameters<Parameters<Database['db']['transaction']>[0]>[0],
    campaignId: string,
    reason: CampaignStatusReason,
  ): Promise<boolean> {
    const moved = await transitionCampaign(db, campaignId, 'paused', { from: ['sending'], statusReason: reason });
    if (!moved) return false;
    await recordAudit(db, {
      actor: null,
      action: 'campaign.auto_pause',
      subject: 'Campaign',
      subjectId: campaignId,
      details: auditDetails(reason),
    });
    await this.events.publish(db, 'campaign.status_changed', { changes: [{ campaignId, to: 'paused', reason }] });
    return true;
  }

  /** Pauses a campaign for a reason the admin can fix (a disabled gateway). */
  async pauseCampaign(campaignId: string, reason: CampaignStatusReason): Promise<void> {
    await this.stored(() => this.database.db.transaction((tx) => this.autoPause(tx, campaignId, reason)));
  }

  /** The gateway will never work as configured: the campaign fails, its claimed and queued messages with it. */
  async failCampaign(campaignId: string, error: GatewayUnusable, claimed: ClaimedMessage[]): Promise<void> {
    const reason: CampaignStatusReason =
      error instanceof GatewayDeleted
        ? { code: 'GATEWAY_DELETED', params: {} }
        : { code: 'GATEWAY_UNUSABLE', params: { detail: error.message } };
    await this.stored(() =>
      this.database.db.transaction(async (tx) => {
        await writeOutcomes(
          tx,
          '00000000-0000-0000-0000-000000000000',
          claimed.map((message) => this.unusableOutcome(message, error.message)),
        );
        const moved = await transitionCampaign(tx, campaignId, 'failed', { statusReason: reason });
        if (!moved) return;
        await failQueuedMessages(tx, campaignId, error.message);
        await this.events.publish(tx, 'campaign.status_changed', { changes: [{ campaignId, to: 'failed', reason }] });
        await recordAudit(tx, {
          actor: null,
          action: 'campaign.fail',
          subject: 'Campaign',
          subjectId: campaignId,
          details: auditDetails(reason),
        });
      }),
    );
  }

  /** One-off messages whose gateway is unusable fail at once. */
  async failOneOffs(messages: ClaimedMessage[], reason: string): Promise<void> {
    await this.stored(() =>
      writeOutcomes(
        this.database.db,
        '00000000-0000-0000-0000-000000000000',
        messages.map((message) => this.unusableOutcome(message, reason)),
      ),
    );
  }

  private unusableOutcome(message: ClaimedMessage, reason: string): MessageOutcome {
    return {
      id: message.id,
      attempts: message.attempts,
      status: 'failed',
      gatewayMessageId: null,
      body: null,
      segments: null,
      encoding: null,
      errorCode: MESSAGE_ERROR_CODES.gatewayUnusable,
      errorText: reason,
      nextAttemptAt: null,
    };
  }
}
