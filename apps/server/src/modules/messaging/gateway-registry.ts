import type { Database } from '../../db/client.ts';
import {
  GatewayDeleted,
  GatewayUnusable,
  silentLogger,
  type Clock,
  type DeliveryReceipt,
  type GatewayEvents,
  type GatewayLinkStatus,
  type GatewayLogger,
  type InboundSms,
  type SmsGateway,
} from '../../gateways/gateway.ts';
import { answeringTestNumbers } from '../../gateways/test-numbers.ts';
import {
  findDefaultGateway,
  findGateway,
  type GatewayContext,
  type GatewayRow,
  kindDefinition,
  parseKindSettings,
} from '../gateways/index.ts';

/** What the registry hands receipts, inbound messages and link changes to (the engine). */
export interface GatewaySinks {
  receipts(gatewayId: string, receipts: DeliveryReceipt[]): Promise<void>;
  inbound(gatewayId: string, messages: InboundSms[]): Promise<void>;
  /** A gateway's link changed; null: its instance was closed (deleted, or rebuilt with new settings). */
  link(gatewayId: string, status: GatewayLinkStatus | null): void;
}

/** A logger that adds which gateway it is about to every entry. */
function loggerFor(logger: GatewayLogger, gateway: { gatewayId: string; gateway: string }): GatewayLogger {
  return {
    debug: (details, message) => logger.debug({ ...gateway, ...details }, message),
    info: (details, message) => logger.info({ ...gateway, ...details }, message),
    warn: (details, message) => logger.warn({ ...gateway, ...details }, message),
    error: (details, message) => logger.error({ ...gateway, ...details }, message),
  };
}

interface Entry {
  row: GatewayRow;
  gateway: SmsGateway;
  checkedAt: number;
}

/** A gateway ready to send, with the row it was built from. */
export interface LiveGateway {
  row: GatewayRow;
  gateway: SmsGateway;
}

/**
 * The gateway instances of this process (one per configured gateway: an SMPP session, a Twilio
 * client, a simulator). An instance is rebuilt when its row's version changes (an admin edited
 * it), checked at most every `recheckMs`; deleted gateways are closed.
 */
export class GatewayRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<LiveGateway>>();

  private readonly database: Database;
  private readonly sinks: GatewaySinks;
  private readonly deployment: Omit<GatewayContext, 'gatewayId' | 'clock' | 'logger'>;
  private readonly recheckMs: number;
  private readonly clock: Clock;
  private readonly logger: GatewayLogger;

  constructor(
    database: Database,
    sinks: GatewaySinks,
    deployment: Omit<GatewayContext, 'gatewayId' | 'clock' | 'logger'>,
    options: { recheckMs?: number; clock?: Clock; logger?: GatewayLogger } = {},
  ) {
    this.database = database;
    this.sinks = sinks;
    this.deployment = deployment;
    this.recheckMs = options.recheckMs ?? 2_000;
    this.clock = options.clock ?? Date.now;
    this.logger = options.logger ?? silentLogger;
  }

  /**
   * The live instance of a gateway; null: the default one (a message or campaign stored without a
   * gateway, which means the default, as for campaigns). Throws GatewayUnusable when it is deleted,
   * there is no default, or its settings no longer parse; a disabled gateway is returned with
   * `row.enabled` false for the caller to decide.
   */
  async get(gatewayId: string | null, options: { fresh?: boolean } = {}): Promise<LiveGateway> {
    if (gatewayId === null) {
      const fallback = await findDefaultGateway(this.database.db);
      if (!fallback) throw new GatewayUnusable('No default gateway is configured');
      gatewayId = fallback.id;
    }
    const entry = this.entries.get(gatewayId);
    if (entry && !options.fresh && Date.now() - entry.checkedAt < this.recheckMs) return entry;
    let pending = this.building.get(gatewayId);
    if (!pending) {
      const id = gatewayId;
      pending = this.refresh(id, entry)
        .catch((error: unknown) => {
          // The database is away: the instance it last described still sends (and keeps its link).
          if (entry && this.database.availability.failed(error)) return entry;
          throw error;
        })
        .finally(() => this.building.delete(id));
      this.building.set(id, pending);
    }
    return pending;
  }

  private async refresh(gatewayId: string, entry: Entry | undefined): Promise<LiveGateway> {
    const row = await findGateway(this.database.db, gatewayId);
    if (!row) {
      if (entry) await this.drop(gatewayId);
      throw new GatewayDeleted();
    }
    if (entry && entry.row.version === row.version) {
      entry.checkedAt = Date.now();
      entry.row = row;
      return entry;
    }
    if (entry) await this.drop(gatewayId);
    let settings;
    try {
      settings = parseKindSettings(row.kind, row.config, row.secrets);
    } catch (error) {
      throw new GatewayUnusable(`The gateway settings are invalid: ${(error as Error).message}`);
    }
    const events: GatewayEvents = {
      receipts: (receipts) => this.sinks.receipts(gatewayId, receipts),
      inbound: (messages) => this.sinks.inbound(gatewayId, messages),
      link: (status) => this.sinks.link(gatewayId, status),
    };
    const logger = loggerFor(this.logger, { gatewayId, gateway: row.name });
    // Test numbers never reach the carrier: every kind answers them itself (issue 38).
    const gateway = answeringTestNumbers(
      kindDefinition(row.kind).create(settings, events, { gatewayId, ...this.deployment, clock: this.clock, logger }),
      events,
      this.clock,
    );
    const fresh = { row, gateway, checkedAt: Date.now() };
    this.entries.set(gatewayId, fresh);
    return fresh;
  }

  private async drop(gatewayId: string): Promise<void> {
    const entry = this.entries.get(gatewayId);
    this.entries.delete(gatewayId);
    await entry?.gateway.close().catch(() => {});
    if (entry) this.sinks.link(gatewayId, null);
  }

  /** Closes every instance. */
  async close(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.drop(id)));
  }
}
