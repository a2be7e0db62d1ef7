import type { SmppConfig } from '@sms/contracts/gateway-smpp';
import { createDeque } from './deque.ts';
import smpp, { type Pdu, type Session } from './smpp-library.ts';
import { seconds } from './timing.ts';
import { statusCode, statusText, submitVerdict } from './status-codes.ts';

/** What became of one submit_sm. */
export type PartOutcome =
  | { kind: 'accepted'; id: string }
  | { kind: 'retry'; code: string; text: string; retryAfterMs?: number; link?: 'down' | 'lost'; maybeAccepted?: boolean }
  | { kind: 'failed'; code: string; text: string };

/** One submit_sm waiting for a slot in the window. */
export interface PartJob {
  fields: Record<string, unknown>;
  /** ESME_RTHROTTLED / ESME_RMSGQFUL answers so far. */
  throttled: number;
  /** Waits in the urgent queue, sent before anything in the ordinary one. */
  urgent?: boolean;
  /** False once the message is decided (a sibling part failed, the batch was aborted): skipped. */
  live(): boolean;
  settle(outcome: PartOutcome): void;
}

/** Resubmissions of one throttled part before it is handed back as `retry`. */
export const MAX_THROTTLED_ATTEMPTS = 8;
const THROTTLE_PAUSE_MIN_MS = 20;
const THROTTLE_PAUSE_MAX_MS = 1000;

/**
 * The window of in-flight submit_sm shared by every batch of the gateway. It keeps at most
 * `windowSize` submits unanswered; each answer frees a slot. Throttling answers halve the window
 * and pause sending (20 ms doubling to 1 s while throttling goes on), then the window doubles
 * back after each window's worth of accepted submits. A submit unanswered after
 * submitTimeoutSeconds is `retry`; so is every unanswered submit when the connection is lost,
 * and every queued one when no connection comes back within submitTimeoutSeconds.
 * Urgent parts (OutboundSms.urgent) wait in a queue of their own that is always served first: a
 * high-priority message takes the next free slot however many campaign parts are queued.
 */
export function createSubmitWindow(config: SmppConfig, getSession: () => Session | null) {
  const urgentQueue = createDeque<PartJob>();
  const ordinaryQueue = createDeque<PartJob>();
  const queueOf = (job: PartJob) => (job.urgent ? urgentQueue : ordinaryQueue);
  /** Both queues as one: urgent parts first. */
  const queue = {
    get length(): number {
      return urgentQueue.length + ordinaryQueue.length;
    },
    shift: (): PartJob | undefined => urgentQueue.shift() ?? ordinaryQueue.shift(),
    unshift: (job: PartJob): void => queueOf(job).unshift(job),
    push: (job: PartJob): void => queueOf(job).push(job),
  };
  const inFlight = new Map<number, { job: PartJob; sentAt: number }>();
  const timeoutMs = seconds(config.submitTimeoutSeconds);
  let window = config.windowSize;
  let acceptedSinceResize = 0;
  let pause = 0;
  let pausedUntil = 0;
  let pumpScheduled = false;
  let pauseTimer: NodeJS.Timeout | undefined;
  let waitTimer: NodeJS.Timeout | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;

  const schedulePump = () => {
    if (pumpScheduled) return;
    pumpScheduled = true;
    process.nextTick(pump);
  };

  function pump(): void {
    pumpScheduled = false;
    if (queue.length === 0) return;
    const session = getSession();
    if (!session) return waitForConnection();
    clearTimeout(waitTimer);
    waitTimer = undefined;
    const now = Date.now();
    if (now < pausedUntil) {
      clearTimeout(pauseTimer);
      pauseTimer = setTimeout(schedulePump, pausedUntil - now);
      return;
    }
    // One write for the whole burst instead of one per PDU.
    session.socket.cork();
    while (inFlight.size < window && queue.length > 0) {
      const job = queue.shift() as PartJob;
      if (!job.live()) continue;
      const pdu = new smpp.PDU('submit_sm', job.fields);
      if (!session.send(pdu)) {
        queue.unshift(job);
        break;
      }
      inFlight.set(pdu.sequence_number, { job, sentAt: now });
    }
    session.socket.uncork();
    startSweep();
  }

  /** No connection: queued parts wait for a reconnection, at most submitTimeoutSeconds. */
  function waitForConnection(): void {
    if (waitTimer) return;
    waitTimer = setTimeout(() => {
      waitTimer = undefined;
      if (getSession()) return schedulePump();
      for (let job = queue.shift(); job; job = queue.shift()) {
        if (job.live())
          job.settle({ kind: 'retry', code: 'NOT_CONNECTED', text: 'Not connected to the SMSC', retryAfterMs: timeoutMs, link: 'down' });
      }
    }, timeoutMs);
  }

  /** Times out unanswered submits; the map is in send order, so the oldest come first. */
  function startSweep(): void {
    if (sweepTimer) return;
    sweepTimer = setInterval(
      () => {
        const expired = Date.now() - timeoutMs;
        for (const [sequence, entry] of inFlight) {
          if (entry.sentAt > expired) break;
          inFlight.delete(sequence);
          entry.job.settle({
            kind: 'retry',
            code: 'TIMEOUT',
            text: `No answer from the SMSC within ${config.submitTimeoutSeconds} s`,
            maybeAccepted: true,
          });
        }
        if (inFlight.size === 0 && queue.length === 0) {
          clearInterval(sweepTimer);
          sweepTimer = undefined;
        }
        schedulePump();
      },
      Math.max(10, Math.min(1000, timeoutMs / 4)),
    );
  }

  function throttled(job: PartJob, status: number): void {
    const now = Date.now();
    // Answers to submits sent before we paused belong to the same episode: react once.
    if (now >= pausedUntil) {
      pause = Math.min(THROTTLE_PAUSE_MAX_MS, pause ? pause * 2 : THROTTLE_PAUSE_MIN_MS);
      pausedUntil = now + pause;
      window = Math.max(1, Math.floor(window / 2));
      acceptedSinceResize = 0;
    }
    job.throttled++;
    if (job.throttled >= MAX_THROTTLED_ATTEMPTS) {
      job.settle({ kind: 'retry', code: statusCode(status), text: statusText(status), retryAfterMs: THROTTLE_PAUSE_MAX_MS });
    } else queue.unshift(job);
  }

  function accepted(): void {
    pause = 0;
    if (window < config.windowSize && ++acceptedSinceResize >= window) {
      window = Math.min(config.windowSize, window * 2);
      acceptedSinceResize = 0;
    }
  }

  return {
    /** Parts waiting for a slot in the window (both queues). */
    get queued(): number {
      return queue.length;
    },
    /** Queues parts (in order) for submission. */
    enqueue(jobs: PartJob[]): void {
      for (const job of jobs) queue.push(job);
      schedulePump();
    },
    /** A submit_sm_resp or generic_nack from the SMSC. */
    response(pdu: Pdu): void {
      const entry = inFlight.get(pdu.sequence_number);
      if (!entry) return; // Late answer to a submit already reported as timed out.
      inFlight.delete(pdu.sequence_number);
      const status = pdu.command_status;
      const verdict = pdu.command === 'generic_nack' && status === 0 ? 'permanent' : submitVerdict(status);
      if (verdict === 'ok') {
        accepted();
        entry.job.settle({ kind: 'accepted', id: pdu.message_id ?? '' });
      } else if (verdict === 'throttle') throttled(entry.job, status);
      else if (verdict === 'transient') entry.job.settle({ kind: 'retry', code: statusCode(status), text: statusText(status) });
      else entry.job.settle({ kind: 'failed', code: statusCode(status), text: statusText(status) });
      schedulePump();
    },
    /** The connection is gone: unanswered submits may or may not have been taken, so `retry`. */
    connectionLost(reason: string): void {
      const lost = [...inFlight.values()];
      inFlight.clear();
      for (const { job } of lost)
        job.settle({
          kind: 'retry',
          code: 'CONNECTION_LOST',
          text: `Connection to the SMSC lost (${reason})`,
          link: 'lost',
          maybeAccepted: true,
        });
      schedulePump();
    },
    /** A (new) session is bound: send what waits. */
    resume(): void {
      schedulePump();
    },
    /** Current window size (shrinks under throttling). */
    get size(): number {
      return window;
    },
    get inFlight(): number {
      return inFlight.size;
    },
    /** Stops timers; what is still queued or unanswered gets `retry`. */
    close(): void {
      clearTimeout(pauseTimer);
      clearTimeout(waitTimer);
      clearInterval(sweepTimer);
      sweepTimer = undefined;
      const closed = { kind: 'retry', code: 'GATEWAY_CLOSED', text: 'The SMPP gateway was closed' } as const;
      for (let job = queue.shift(); job; job = queue.shift()) if (job.live()) job.settle({ ...closed, link: 'down' });
      for (const { job } of inFlight.values()) job.settle({ ...closed, link: 'lost', maybeAccepted: true });
      inFlight.clear();
    },
  };
}
