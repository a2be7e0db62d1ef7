import type { InboxEvent } from '@sms/contracts/inbox';
import { FINAL_MESSAGE_STATUSES, type MessageStatus } from '@sms/contracts/messages';
import type { Db } from '../../db/client.ts';
import { Poller } from '../../platform/poller.ts';
import { eventWatermarks, inboundSince, messageStatuses, oneOffsSince } from './inbox.queries.ts';

export interface InboxEventsOptions {
  /** How often the database is asked while someone listens (default 1 s). */
  intervalMs?: number;
  /** Followed messages are dropped after this long without a final status (default 1 h). */
  followMs?: number;
  onError?: (error: unknown) => void;
}

type Listener = (event: InboxEvent) => void;

/**
 * Live inbox updates for one API process. Inbound messages may be stored by any process (a worker's
 * gateway, a Twilio webhook in another API process) and statuses change in workers, so this asks
 * the database, cheaply and only while at least one browser listens: inbound messages above the
 * last id seen (primary key), new one-off messages above the last id seen (partial index on
 * one-offs), and the statuses of the inbox messages still in flight (primary key). Same code on
 * PGlite and PostgreSQL; LISTEN/NOTIFY would need a dedicated connection on PostgreSQL and a
 * trigger on the hot messages table, for a second of latency saved.
 */
export class InboxEvents {
  private readonly listeners = new Set<Listener>();
  private readonly followed = new Map<number, { contactId: string; status: MessageStatus; since: number }>();
  private watermarks: { inbound: number; oneOff: number } | undefined;
  private readonly followMs: number;
  private readonly db: Db;
  private readonly poller: Poller;

  constructor(db: Db, options: InboxEventsOptions = {}) {
    this.db = db;
    this.followMs = options.followMs ?? 60 * 60 * 1_000;
    this.poller = new Poller(() => this.poll(), { intervalMs: options.intervalMs ?? 1_000, onError: options.onError });
  }

  /** Adds a listener; the returned function removes it. Polling runs while anyone listens. */
  async subscribe(listener: Listener): Promise<() => void> {
    this.listeners.add(listener);
    if (!this.watermarks) this.watermarks = await eventWatermarks(this.db);
    this.poller.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.pause();
    };
  }

  /** Follows a message queued in this process at once (its status events start with the next poll). */
  follow(id: number, contactId: string, status: MessageStatus): void {
    this.followed.set(id, { contactId, status, since: Date.now() });
  }

  /** Stops polling (process shutdown); waits for a poll in progress. */
  async close(): Promise<void> {
    this.listeners.clear();
    this.pause();
    await this.poller.close();
  }

  private pause() {
    this.poller.stop();
    // Listening again starts from the ids of that moment, not from a stale watermark.
    this.watermarks = undefined;
  }

  private emit(event: InboxEvent) {
    for (const listener of this.listeners) listener(event);
  }

  private async poll(): Promise<void> {
    const marks = this.watermarks;
    if (!marks) return;
    // Inbound: announced once processed (contact linked, keywords applied); the watermark stops
    // at the first one still being processed so it is announced on a later poll.
    const inbound = await inboundSince(this.db, marks.inbound, 500);
    for (const row of inbound) {
      if (!row.processed) break;
      marks.inbound = row.id;
      if (row.contactId) this.emit({ type: 'inbound', id: String(row.id), contactId: row.contactId });
    }
    for (const row of await oneOffsSince(this.db, marks.oneOff, 500)) {
      marks.oneOff = row.id;
      if (!row.contactId) continue;
      this.emit({ type: 'message', id: String(row.id), contactId: row.contactId, status: row.status });
      if (!FINAL_MESSAGE_STATUSES.includes(row.status)) this.follow(row.id, row.contactId, row.status);
    }
    const now = Date.now();
    for (const [id, entry] of this.followed) if (now - entry.since > this.followMs) this.followed.delete(id);
    for (const { id, status } of await messageStatuses(this.db, [...this.followed.keys()])) {
      const entry = this.followed.get(id);
      if (!entry || entry.status === status) continue;
      entry.status = status;
      this.emit({ type: 'message', id: String(id), contactId: entry.contactId, status });
      if (FINAL_MESSAGE_STATUSES.includes(status)) this.followed.delete(id);
    }
  }
}
