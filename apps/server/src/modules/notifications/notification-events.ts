import type { Db } from '../../db/client.ts';
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
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly db: Db;
  private readonly intervalMs: number;
  private readonly onError: (error: unknown) => void;

  constructor(db: Db, options: { intervalMs?: number; onError?: (error: unknown) => void } = {}) {
    this.db = db;
    this.intervalMs = options.intervalMs ?? 1_000;
    this.onError = options.onError ?? (() => {});
  }

  /** Adds a user's listener; the returned function removes it. */
  subscribe(userId: string, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    this.schedule();
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(userId);
        this.last.delete(userId);
      }
      if (this.listeners.size === 0) this.pause();
    };
  }

  /** Stops polling (process shutdown); waits for a poll in progress. */
  async close(): Promise<void> {
    this.listeners.clear();
    this.pause();
    await this.running;
  }

  private pause() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule() {
    if (this.timer || this.listeners.size === 0) return;
    this.timer = setTimeout(() => {
      this.running = this.poll()
        .catch(this.onError)
        .finally(() => {
          this.timer = undefined;
          this.running = undefined;
          this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref();
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
