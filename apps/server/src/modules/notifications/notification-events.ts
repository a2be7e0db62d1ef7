import type { Db } from '../../db/client.ts';
import { Poller } from '../../platform/poller.ts';
import { notificationStates } from './notifications.queries.ts';

type Listener = (state: { unread: number }) => void;

/**
 * Live bell updates for one API process, the inbox stream's way (modules/inbox/inbox-events.ts):
 * notifications are written by whichever worker swept, so while anyone listens this asks the
 * database once a second, in one statement for every listening user, for their unread count and
 * last change, and tells a user's listeners when either moved.
 */
export class NotificationEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly last = new Map<string, string>();
  private readonly db: Db;
  private readonly poller: Poller;

  constructor(db: Db, options: { intervalMs?: number; onError?: (error: unknown) => void } = {}) {
    this.db = db;
    this.poller = new Poller(() => this.poll(), { intervalMs: options.intervalMs ?? 1_000, onError: options.onError });
  }

  /** Adds a user's listener; the returned function removes it. */
  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    this.poller.start();
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(userId);
        this.last.delete(userId);
      }
      if (this.listeners.size === 0) this.poller.stop();
    };
  }

  /** Stops polling (process shutdown); waits for a poll in progress. */
  async close(): Promise<void> {
    this.listeners.clear();
    await this.poller.close();
  }

  private async poll(): Promise<void> {
    const userIds = [...this.listeners.keys()];
    const states = new Map((await notificationStates(this.db, userIds)).map((row) => [row.userId, row]));
    for (const userId of userIds) {
      const state = states.get(userId);
      const mark = state ? `${state.unread}|${state.changed}` : '0|';
      if (this.last.get(userId) === mark) continue;
      // The first poll after a connect also announces: something may have changed since the count it was sent.
      this.last.set(userId, mark);
      for (const listener of this.listeners.get(userId) ?? []) listener({ unread: state?.unread ?? 0 });
    }
  }
}
