import type { DatabaseAvailability } from '../db/availability.ts';
import { IdleBackoff } from './idle-backoff.ts';

export interface OutboxDrainOptions {
  /** The pause after a round that found nothing to do; it grows while the outbox stays empty (IdleBackoff). */
  pollMs: number;
  /** What a failed round that is not a database outage is logged as. */
  failure: string;
  logger: { error(details: object, message: string): void };
  /** The database's availability: an outage is logged once there, and waited for instead of polled. */
  availability?: DatabaseAvailability | undefined;
}

/**
 * Drains an outbox table (webhook deliveries, status callbacks): runs `round` again at once while
 * it finds work, pauses `pollMs` when it finds none (up to four times longer while it stays empty),
 * and waits out a database outage instead of polling through it. One round at a time; stop() lets
 * the round in progress finish.
 */
export class OutboxDrain {
  private running = false;
  private loop: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private wakeUp: (() => void) | undefined;
  private readonly round: () => Promise<boolean>;
  private readonly options: OutboxDrainOptions;

  /** `round` claims and handles one batch, answering whether it found any. */
  constructor(round: () => Promise<boolean>, options: OutboxDrainOptions) {
    this.round = round;
    this.options = options;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    const { availability, logger } = this.options;
    const backoff = new IdleBackoff(this.options.pollMs);
    while (this.running) {
      let worked = false;
      try {
        worked = await this.round();
      } catch (error) {
        if (!availability?.failed(error)) logger.error({ err: error }, this.options.failure);
        else await availability.whenAvailable(5_000);
      }
      const pauseMs = backoff.next(worked);
      if (!worked && this.running)
        await new Promise<void>((resolve) => {
          this.wakeUp = resolve;
          this.timer = setTimeout(resolve, pauseMs);
        });
    }
  }
}
