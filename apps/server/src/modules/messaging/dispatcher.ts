import { isInDailyWindow, dailyWindowEnd, toLocalDateTime } from '@sms/contracts/zoned-time';
import type { Database } from '../../db/client.ts';
import { GatewayUnusable } from '../../gateways/gateway.ts';
import type { JobsLogger } from '../../platform/jobs.ts';
import { sendingHeld } from '../campaigns/index.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { activeCampaigns, setStatusReason, type ActiveCampaign } from './dispatch-context.queries.ts';
import { claimCampaignBatch, claimOneOffBatch, relaxDurability, type ClaimedMessage } from './dispatch.queries.ts';
import type { GatewayRegistry } from './gateway-registry.ts';
import { completeIfDone } from './housekeeping.queries.ts';
import { changeAndPublish, type DomainEvents } from '../../platform/domain-events.ts';
import { fanOutChunk } from './fanout.ts';
import { returnTokens, takeTokens } from './rate-limiter.ts';
import { BatchSender } from './batch-sender.ts';
import { IdleBackoff } from '../../platform/idle-backoff.ts';

export interface DispatcherOptions {
  /** Messages claimed and handed to the gateway at once. */
  batchSize: number;
  /** Concurrent batches in this process (overlaps gateway round trips with database work). */
  lanes: number;
  /**
   * Seconds a claim lasts before another worker may take the messages back: renewed every third of
   * it while this process works on the batch, so only a dead (or frozen) worker's batch expires.
   */
  leaseSeconds: number;
  /** Contacts materialised per fan-out transaction at launch. */
  fanoutChunk: number;
  /** How long an idle lane waits before looking again (a launch wakes it at once in-process). */
  idleMs: number;
  /** Errors in a row after which a campaign pauses itself. */
  autoPauseAfter: number;
  /** How often an idle priority lane looks for one-offs queued by another process (this one's wake it at once). */
  oneOffPollMs: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  batchSize: 500,
  lanes: 4,
  leaseSeconds: 15,
  fanoutChunk: 50_000,
  idleMs: 500,
  autoPauseAfter: 100,
  oneOffPollMs: 250,
};

/**
 * How often a lane looks again at a gateway that holds a batch's worth of parts not yet submitted,
 * and for how long at most before it claims anyway (the gateway's own queue bounds it then).
 */
const BACKLOG_POLL_MS = 10;
const BACKLOG_WAIT_MS = 2_000;

const BOARD_TTL_MS = 500;
const SETTINGS_TTL_MS = 5_000;
/** One-off messages claimed at once by the priority lane. */
const ONE_OFF_BATCH = 100;

/**
 * The sending loop of one worker process (docs/CONVENTIONS.md, after listmonk's manager): lanes
 * take turns over the campaigns that are sending, fan out recipients at launch, take rate tokens,
 * claim a batch of queued messages, and hand it to a BatchSender. Every worker process runs one;
 * they coordinate only through the database (leases, SKIP LOCKED, shared token buckets).
 */
export class Dispatcher {
  private readonly database: Database;
  /** The gateway instances this dispatcher sends through (built by the factory it was given). */
  readonly registry: GatewayRegistry;
  private readonly logger: JobsLogger;
  private readonly options: DispatcherOptions;
  private readonly sender: BatchSender;
  private readonly events: DomainEvents;
  private board: ActiveCampaign[] = [];
  private boardAt = 0;
  private boardLoading: Promise<ActiveCampaign[]> | undefined;
  private settings: { timeZone: string; at: number } = { timeZone: 'UTC', at: 0 };
  private readonly blockedUntil = new Map<string, number>();
  private readonly fanningOut = new Set<string>();
  /** Per campaign: the highest message id this process claimed (the next claim starts after it). */
  private readonly claimCursor = new Map<string, string>();
  /** Per gateway: messages this process's lanes are claiming right now (the backlog gate counts them). */
  private readonly claimingFor = new Map<string, number>();
  private turn = 0;
  private running = false;
  private lanes: Promise<void>[] = [];
  private sleepers: Array<() => void> = [];
  /** The priority lane's sleep, apart: a queued one-off wakes it alone (wakeOneOffs). */
  private oneOffSleepers: Array<() => void> = [];
  /** Set by wake(): a one-off may have been queued since the priority lane last claimed. */
  private oneOffWoken = false;
  /** Aborted by stop(): waits for the database give up, and so does a write-back held by an outage. */
  private readonly stopping = new AbortController();

  /**
   * `gateways` builds the registry from this dispatcher: what the gateways hand back (receipts,
   * replies, a link coming up) wakes it or waits for its write-backs, and it sends through them.
   * Built here, after the rest of the dispatcher, so neither needs the other set later.
   */
  constructor(deps: {
    database: Database;
    gateways: (dispatcher: Dispatcher) => GatewayRegistry;
    logger: JobsLogger;
    /** Where the campaigns it completes and the receipts it applies are published (decision 088). */
    events: DomainEvents;
    options?: Partial<DispatcherOptions>;
  }) {
    this.database = deps.database;
    this.events = deps.events;
    this.logger = deps.logger;
    this.options = { ...DEFAULT_DISPATCHER_OPTIONS, ...deps.options };
    this.sender = new BatchSender({
      database: deps.database,
      logger: deps.logger,
      leaseSeconds: this.options.leaseSeconds,
      autoPauseAfter: this.options.autoPauseAfter,
      events: deps.events,
      stopping: this.stopping.signal,
    });
    this.registry = deps.gateways(this);
  }

  /** Completes the campaign when nothing is left to send, publishing it in that transaction (`campaign.status_changed`). */
  private completeIfDone(campaignId: string): Promise<boolean> {
    return changeAndPublish(
      this.database.db,
      this.events,
      'campaign.status_changed',
      (tx) => completeIfDone(tx, campaignId),
      (completed) => (completed ? { changes: [{ campaignId, to: 'completed', reason: null }] } : null),
    );
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    // One lane more than asked, kept for one-offs (API messages, high priority first; replies;
    // tests; notices): a campaign at full speed holds the other lanes but never this one.
    this.lanes = [...Array.from({ length: this.options.lanes }, () => this.lane()), this.oneOffLane()];
  }

  /** Resolves when the batches in flight now are written back (see BatchSender.writtenBack). */
  writtenBack(): Promise<void> {
    return this.sender.writtenBack();
  }

  /** Looks for work now (a campaign was launched, resumed, or a one-off message queued). */
  wake(): void {
    this.boardAt = 0;
    this.blockedUntil.clear();
    this.wakeOneOffs();
    for (const wakeUp of this.sleepers.splice(0)) wakeUp();
  }

  /**
   * Looks for one-off messages now (an API send, a reply, a code was queued), leaving the campaign
   * lanes alone: wake() also reloads the campaign board and lifts every campaign's wait (a throttled
   * gateway, a rate limit), which an urgent message at each API call must not cost a campaign
   * sending at full speed.
   */
  wakeOneOffs(): void {
    this.oneOffWoken = true;
    for (const wakeUp of this.oneOffSleepers.splice(0)) wakeUp();
  }

  /** Stops after the batches in flight are written back. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping.abort();
    this.wake();
    await Promise.all(this.lanes);
  }

  /**
   * After a failed step: a database outage (logged once by the database's availability) waits for
   * its return, so the lanes claim again within a second or two of it; anything else is a bug,
   * logged, and the lane looks again after a second.
   */
  private async afterFailure(error: unknown, what: string): Promise<void> {
    const availability = this.database.availability;
    if (availability.failed(error)) {
      const stopped = new Promise<void>((resolve) => this.stopping.signal.addEventListener('abort', () => resolve(), { once: true }));
      await Promise.race([availability.whenAvailable(5_000), stopped]);
      return;
    }
    this.logger.error({ err: error }, what);
    await this.sleep(1_000);
  }

  private async lane(): Promise<void> {
    const backoff = new IdleBackoff(this.options.idleMs);
    while (this.running) {
      let worked = false;
      try {
        worked = await this.step();
      } catch (error) {
        await this.afterFailure(error, 'dispatcher step failed');
      }
      // Only with no campaign active: a campaign waiting for its rate or its gateway is looked at again on time.
      const pauseMs = backoff.next(worked || this.board.length > 0);
      if (!worked && this.running && (await this.sleep(pauseMs)) === 'woken') backoff.reset();
    }
  }

  /**
   * The priority lane: one-off messages only, looking again at once while there may be more (a
   * full claim, or a wake since the last claim: a one-off queued in this process while the lane
   * was sending), else after the poll interval or a wake. Not looking again after each send spares
   * a claim that finds nothing per message.
   */
  private async oneOffLane(): Promise<void> {
    const backoff = new IdleBackoff(Math.min(this.options.oneOffPollMs, this.options.idleMs));
    while (this.running) {
      let worked = false;
      try {
        this.oneOffWoken = false;
        worked = (await this.sendOneOffs()) || this.oneOffWoken;
      } catch (error) {
        await this.afterFailure(error, 'one-off dispatch failed');
      }
      const pauseMs = backoff.next(worked);
      if (!worked && this.running && (await this.sleep(pauseMs, this.oneOffSleepers)) === 'woken') backoff.reset();
    }
  }

  /** Waits `ms`, or less when woken (wake(), wakeOneOffs(), stop()). */
  private sleep(ms: number, sleepers: Array<() => void> = this.sleepers): Promise<'slept' | 'woken'> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const at = sleepers.indexOf(done);
        if (at >= 0) sleepers.splice(at, 1);
        resolve('slept');
      }, ms);
      const done = () => {
        clearTimeout(timer);
        resolve('woken');
      };
      sleepers.push(done);
    });
  }

  private async currentBoard(): Promise<ActiveCampaign[]> {
    if (Date.now() - this.boardAt < BOARD_TTL_MS) return this.board;
    this.boardLoading ??= activeCampaigns(this.database.db).finally(() => {
      this.boardLoading = undefined;
    });
    this.board = await this.boardLoading;
    this.boardAt = Date.now();
    return this.board;
  }

  private async timeZone(): Promise<string> {
    if (Date.now() - this.settings.at > SETTINGS_TTL_MS) {
      this.settings = { timeZone: (await getMessagingSettings(this.database.db)).timeZone, at: Date.now() };
    }
    return this.settings.timeZone;
  }

  private block(campaignId: string, ms: number): void {
    this.blockedUntil.set(campaignId, Date.now() + ms);
  }

  /** One unit of work; false when there was nothing to do. */
  private async step(): Promise<boolean> {
    const now = Date.now();
    const ready = (await this.currentBoard()).filter(
      (campaign) => (this.blockedUntil.get(campaign.id) ?? 0) <= now && !this.fanningOut.has(campaign.id),
    );
    const campaign = ready[this.turn++ % Math.max(1, ready.length)];
    if (!campaign) return false;
    if (!campaign.audienceReady) return this.fanOut(campaign);
    if (campaign.status !== 'sending') return false;
    return this.dispatchCampaign(campaign);
  }

  private async fanOut(campaign: ActiveCampaign): Promise<boolean> {
    this.fanningOut.add(campaign.id);
    try {
      const result = await fanOutChunk(
        this.database.db,
        { id: campaign.id, audience: campaign.audience, gatewayId: campaign.gatewayId, senderId: campaign.senderId },
        this.options.fanoutChunk,
      );
      if (result === 'done') {
        campaign.audienceReady = true;
        this.boardAt = 0;
      }
      if (result === 'busy') this.block(campaign.id, 1_000);
      return result !== 'busy';
    } finally {
      this.fanningOut.delete(campaign.id);
    }
  }

  /** Quiet hours: true (and the reason shown) while the campaign must wait. */
  private async inQuietHours(campaign: ActiveCampaign): Promise<boolean> {
    const quiet = campaign.quietHours;
    const waitingReason = campaign.statusReason?.code === 'QUIET_HOURS';
    if (!quiet) return false;
    const timeZone = await this.timeZone();
    const now = new Date();
    if (!isInDailyWindow(now, quiet, timeZone)) {
      if (waitingReason) await setStatusReason(this.database.db, campaign.id, null);
      return false;
    }
    const end = dailyWindowEnd(now, quiet, timeZone);
    await setStatusReason(this.database.db, campaign.id, {
      code: 'QUIET_HOURS',
      params: { time: toLocalDateTime(end, timeZone).slice(11, 16), timeZone },
    });
    this.block(campaign.id, Math.min(60_000, end.getTime() - now.getTime()));
    this.boardAt = 0;
    return true;
  }

  private async dispatchCampaign(campaign: ActiveCampaign): Promise<boolean> {
    const db = this.database.db;
    if (await this.inQuietHours(campaign)) return false;
    let live;
    try {
      live = await this.registry.get(campaign.gatewayId);
    } catch (error) {
      if (!(error instanceof GatewayUnusable)) throw error;
      await this.sender.failCampaign(campaign.id, error, []);
      this.boardAt = 0;
      return true;
    }
    // The cached row may predate an admin enabling it again: decide on the current one.
    if (!live.row.enabled) live = await this.registry.get(campaign.gatewayId, { fresh: true });
    if (!live.row.enabled) {
      await this.sender.pauseCampaign(campaign.id, { code: 'GATEWAY_DISABLED', params: { gateway: live.row.name } });
      this.boardAt = 0;
      return true;
    }
    let want = this.options.batchSize;
    // Against a gateway slower than the lanes (an SMSC answering 1,000 a second), every lane's batch
    // was claimed, stamped handed over, and queued behind the others': seconds from hand-over to
    // submit, and receipts waiting for every batch in flight (engine.ts). Claim when the gateway
    // has less than half a batch waiting: a fast gateway never has, a slow one keeps about one batch ready.
    // Batches other lanes are claiming or preparing count too: at a launch every lane would pass at once.
    const gatewayId = live.row.id;
    const waiting = () => (live.gateway.backlog?.() ?? 0) + this.sender.preparingFor(gatewayId) + (this.claimingFor.get(gatewayId) ?? 0);
    if (live.gateway.backlog)
      for (let waited = 0; waiting() >= want / 2 && waited < BACKLOG_WAIT_MS && this.running; waited += BACKLOG_POLL_MS)
        await new Promise((resolve) => setTimeout(resolve, BACKLOG_POLL_MS));
    const buckets: Array<{ key: string; rate: number; granted: number }> = [];
    for (const [key, rate] of [
      [`campaign:${campaign.id}`, campaign.rateLimit],
      [`gateway:${live.row.id}`, live.row.rateLimit],
    ] as const) {
      if (!rate) continue;
      const take = await takeTokens(db, key, rate, want);
      if (take.granted === 0) {
        for (const bucket of buckets) await returnTokens(db, bucket.key, bucket.rate, bucket.granted);
        this.block(campaign.id, take.waitMs);
        return false;
      }
      for (const bucket of buckets) await returnTokens(db, bucket.key, bucket.rate, bucket.granted - take.granted);
      want = take.granted;
      buckets.push({ key, rate, granted: take.granted });
    }
    this.claimingFor.set(gatewayId, (this.claimingFor.get(gatewayId) ?? 0) + want);
    let claimed: ClaimedMessage[];
    try {
      claimed = await this.claim(campaign.id, want);
    } finally {
      this.claimingFor.set(gatewayId, (this.claimingFor.get(gatewayId) ?? 0) - want);
    }
    for (const bucket of buckets) await returnTokens(db, bucket.key, bucket.rate, want - claimed.length);
    if (claimed.length === 0) {
      if (await this.completeIfDone(campaign.id)) this.boardAt = 0;
      // Nothing due now: in-flight batches of other lanes, or retries waiting for their time.
      else this.block(campaign.id, 1_000);
      return false;
    }
    const outcome = await this.sender.send(claimed, live, campaign);
    if (outcome.blockMs) this.block(campaign.id, outcome.blockMs);
    if (outcome.stateChanged) this.boardAt = 0;
    return true;
  }

  /**
   * Claims the next batch after this process's cursor; when that comes up short, from the start
   * again (retries waiting behind the cursor, rows another worker let go).
   */
  private async claim(campaignId: string, want: number) {
    const claimAfter = (afterId: string | null) =>
      this.database.db.transaction(async (tx) => {
        await relaxDurability(tx);
        return claimCampaignBatch(tx, campaignId, want, this.options.leaseSeconds, afterId);
      });
    const cursor = this.claimCursor.get(campaignId) ?? null;
    let claimed = await claimAfter(cursor);
    if (claimed.length < want && cursor !== null) {
      this.claimCursor.delete(campaignId);
      if (claimed.length === 0) claimed = await claimAfter(null);
    }
    const last = claimed.at(-1)?.id;
    if (last && claimed.length === want && BigInt(last) > BigInt(this.claimCursor.get(campaignId) ?? '0'))
      this.claimCursor.set(campaignId, last);
    return claimed;
  }

  /**
   * Test sends and inbox replies (no campaign), grouped by gateway. Answers whether the claim was
   * full (more may be due now).
   */
  private async sendOneOffs(): Promise<boolean> {
    // After a restore, or while an administrator holds sending, one-offs stay queued (decision 072).
    if (await sendingHeld(this.database.db)) return false;
    const { claimed, contacts } = await claimOneOffBatch(this.database.db, ONE_OFF_BATCH, this.options.leaseSeconds);
    if (claimed.length === 0) return false;
    // null (no gateway stored) stays its own group: the registry sends it through the default.
    const byGateway = new Map<string | null, typeof claimed>();
    for (const message of claimed) {
      const list = byGateway.get(message.gatewayId) ?? [];
      list.push(message);
      byGateway.set(message.gatewayId, list);
    }
    for (const [gatewayId, messages] of byGateway) {
      try {
        await this.sender.send(messages, await this.registry.get(gatewayId), null, contacts);
      } catch (error) {
        if (!(error instanceof GatewayUnusable)) throw error;
        await this.sender.failOneOffs(messages, error.message);
      }
    }
    return claimed.length === ONE_OFF_BATCH;
  }
}
