/**
 * A real SMPP 3.4 SMSC for tests and benchmarks, built on the `smpp` package's server side:
 * binds with configurable credentials, answers submit_sm with generated message ids, records
 * every submit, sends delivery receipts (batched by one timer), injects received (MO) messages,
 * and has fault modes switchable at run time (throttling, error answers, silence, unbind or
 * dropped connection mid-send, receipts shuffled and twice).
 *
 * In tests: `const peer = await startSmppPeer({ ... })`. As a process (options in smpp-peer-cli.ts):
 *   node apps/server/test/smpp-peer.ts --port 2775 --receipt-delay-ms 100
 */
import { addressOf } from '../src/gateways/smpp/addresses.ts';
import smpp, { type Pdu, type Session } from '../src/gateways/smpp/smpp-library.ts';
import { defaultSmsCodec } from '../src/gateways/smpp/sms-codec.ts';
import { SMPP_STATUS, type SmppStatusName } from '../src/gateways/smpp/status-codes.ts';
import { buildMoParts, type MoMessage } from './smpp-peer-mo.ts';
import { createReceiptScheduler, type PendingReceipt, type ReceiptFormat, type ReceiptStat, receiptFields } from './smpp-peer-receipts.ts';
import { assembleMessages, type RecordedMessage, type RecordedSubmit, recordSubmit } from './smpp-peer-record.ts';

export type { RecordedMessage, RecordedSubmit } from './smpp-peer-record.ts';

/** What the peer does; every field can be changed while it runs (peer.update). */
export interface PeerBehaviour {
  /** Delay of delivery receipts after the submit; null = no receipts. */
  receiptDelayMs: number | null;
  receiptStat: ReceiptStat | ((submit: RecordedSubmit) => ReceiptStat);
  receiptFormat: ReceiptFormat;
  /** Order of each batch of receipts released together: as submitted, reversed or shuffled. */
  receiptOrder: 'in-order' | 'reverse' | 'shuffled';
  /** Send every receipt twice. */
  duplicateReceipts: boolean;
  /** Answer throttled (ESME_RTHROTTLED by default) to a fraction of submits, to the next `count`, or above `perSecond`. */
  throttle: { status?: SmppStatusName; fraction?: number; count?: number; perSecond?: number } | null;
  /** Error answers for chosen destinations (E.164 -> status name or value). */
  errors: Record<string, SmppStatusName | number>;
  /** Leave submits unanswered: all (true) or the next N. */
  swallow: boolean | number;
  /** After N more accepted submits, unbind every session (submits after it go unanswered). */
  unbindAfter: number | null;
  /** On the Nth submit from now, destroy every connection (that submit unanswered). */
  dropAfter: number | null;
}

export interface SmppPeerOptions extends Partial<PeerBehaviour> {
  host?: string;
  /** 0 (default) = any free port. */
  port?: number;
  systemId?: string;
  password?: string;
  /** Keep every submit for assertions (default true). Counts per destination are always kept. */
  record?: boolean;
  /** Called on every accepted submit_sm, as it is answered (the priority benchmark times arrivals with it). */
  onAccepted?: (destination: string) => void;
}

interface PeerSession {
  id: number;
  session: Session;
  bound: boolean;
  unbinding: boolean;
  /** deliver_sm sent and not answered yet, by sequence number. */
  unanswered: Map<number, { receipt?: PendingReceipt; answered?: (status: number) => void }>;
}

const DEFAULT_BEHAVIOUR: PeerBehaviour = {
  receiptDelayMs: 0,
  receiptStat: 'DELIVRD',
  receiptFormat: 'text+tlv',
  receiptOrder: 'in-order',
  duplicateReceipts: false,
  throttle: null,
  errors: {},
  swallow: false,
  unbindAfter: null,
  dropAfter: null,
};

const statusValue = (status: SmppStatusName | number) => (typeof status === 'number' ? status : SMPP_STATUS[status]);

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Starts a peer listening on loopback; resolves once it listens. */
export async function startSmppPeer(options: SmppPeerOptions = {}) {
  const { host = '127.0.0.1', port = 0, systemId = 'test', password = 'secret', record = true, onAccepted, ...initial } = options;
  const behaviour: PeerBehaviour = { ...DEFAULT_BEHAVIOUR, ...initial };
  const sessions = new Map<number, PeerSession>();
  const submits: RecordedSubmit[] = [];
  const counts = new Map<string, number>();
  const stats = {
    binds: 0,
    refusedBinds: 0,
    enquireLinks: 0,
    submitPdus: 0,
    accepted: 0,
    throttled: 0,
    errors: 0,
    swallowed: 0,
    receiptsSent: 0,
    receiptsAnswered: 0,
    moSent: 0,
    unbindsSent: 0,
    unbindsReceived: 0,
    drops: 0,
  };
  const idPrefix = Math.floor(Math.random() * 0xffff)
    .toString(16)
    .padStart(4, '0');
  let nextId = 0;
  let nextSessionId = 0;
  let throttleSecond = 0;
  let throttleSecondCount = 0;
  const corked = new Set<Session>();

  /** Writes PDUs of one event-loop turn together (one syscall instead of one per PDU). */
  const send = (session: Session, pdu: Pdu) => {
    if (!corked.has(session)) {
      if (corked.size === 0) process.nextTick(uncorkAll);
      session.socket.cork();
      corked.add(session);
    }
    return session.send(pdu);
  };
  const uncorkAll = () => {
    for (const session of corked) session.socket.uncork();
    corked.clear();
  };

  const boundSession = (preferred?: number): PeerSession | undefined => {
    const first = preferred === undefined ? undefined : sessions.get(preferred);
    if (first?.bound && !first.unbinding) return first;
    for (const candidate of sessions.values()) if (candidate.bound && !candidate.unbinding) return candidate;
    return undefined;
  };

  const scheduler = createReceiptScheduler(releaseReceipts);

  /** Sends due receipts; with no bound session they wait for the next bind (store and forward). */
  function releaseReceipts(receipts: PendingReceipt[]): void {
    const list =
      behaviour.receiptOrder === 'shuffled'
        ? shuffle([...receipts])
        : behaviour.receiptOrder === 'reverse'
          ? [...receipts].reverse()
          : receipts;
    const now = new Date();
    for (const receipt of list) {
      const target = boundSession(receipt.sessionId);
      if (!target) {
        scheduler.add(receipt, 50);
        continue;
      }
      for (let copy = behaviour.duplicateReceipts ? 2 : 1; copy > 0; copy--) {
        const pdu = new smpp.PDU('deliver_sm', receiptFields(receipt, behaviour.receiptFormat, now));
        if (!send(target.session, pdu)) {
          scheduler.add(receipt, 50);
          break;
        }
        target.unanswered.set(pdu.sequence_number, { receipt });
        stats.receiptsSent++;
      }
    }
  }

  function throttleStatus(): number | null {
    const throttle = behaviour.throttle;
    if (!throttle) return null;
    const status = statusValue(throttle.status ?? 'ESME_RTHROTTLED');
    if (throttle.count !== undefined && throttle.count > 0) {
      throttle.count--;
      return status;
    }
    if (throttle.fraction !== undefined && Math.random() < throttle.fraction) return status;
    if (throttle.perSecond !== undefined) {
      const second = Math.floor(Date.now() / 1000);
      if (second !== throttleSecond) {
        throttleSecond = second;
        throttleSecondCount = 0;
      }
      if (++throttleSecondCount > throttle.perSecond) return status;
    }
    return null;
  }

  function submit(peerSession: PeerSession, pdu: Pdu): void {
    stats.submitPdus++;
    if (behaviour.dropAfter !== null && --behaviour.dropAfter <= 0) {
      behaviour.dropAfter = null;
      return dropAll();
    }
    if (peerSession.unbinding || behaviour.swallow === true || (typeof behaviour.swallow === 'number' && behaviour.swallow > 0)) {
      if (typeof behaviour.swallow === 'number' && behaviour.swallow > 0) behaviour.swallow--;
      stats.swallowed++;
      return;
    }
    const destination = addressOf(pdu.destination_addr, pdu.dest_addr_ton);
    const refusal = throttleStatus();
    const error = behaviour.errors[destination];
    if (refusal !== null || error !== undefined) {
      if (refusal !== null) stats.throttled++;
      else stats.errors++;
      send(peerSession.session, pdu.response({ command_status: refusal ?? statusValue(error as SmppStatusName | number) }));
      return;
    }
    const messageId = `${idPrefix}${(nextId++).toString(16).padStart(8, '0')}`;
    send(peerSession.session, pdu.response({ message_id: messageId }));
    stats.accepted++;
    onAccepted?.(destination);
    const recorded = recordSubmit(pdu, messageId, peerSession.id, destination, record);
    if (!recorded.concatenation || recorded.concatenation.sequence === 1) counts.set(destination, (counts.get(destination) ?? 0) + 1);
    if (record) submits.push(recorded);
    if (behaviour.receiptDelayMs !== null && (recorded.registeredDelivery & 0x03) !== 0) {
      const stat = typeof behaviour.receiptStat === 'function' ? behaviour.receiptStat(recorded) : behaviour.receiptStat;
      scheduler.add(
        {
          messageId,
          handset: { ton: recorded.destTon, npi: recorded.destNpi, addr: pdu.destination_addr ?? '' },
          sender: { ton: recorded.sourceTon, npi: recorded.sourceNpi, addr: recorded.source },
          stat,
          submittedAt: new Date(),
          sessionId: peerSession.id,
        },
        behaviour.receiptDelayMs,
      );
    }
    if (behaviour.unbindAfter !== null && --behaviour.unbindAfter <= 0) {
      behaviour.unbindAfter = null;
      unbindAll();
    }
  }

  function bind(peerSession: PeerSession, pdu: Pdu): void {
    const status =
      pdu.system_id !== systemId
        ? SMPP_STATUS.ESME_RINVSYSID
        : pdu.password !== password
          ? SMPP_STATUS.ESME_RINVPASWD
          : SMPP_STATUS.ESME_ROK;
    if (status !== SMPP_STATUS.ESME_ROK) {
      stats.refusedBinds++;
      peerSession.session.send(pdu.response({ command_status: status }), () => peerSession.session.close());
      return;
    }
    stats.binds++;
    peerSession.bound = true;
    peerSession.session.send(pdu.response({ system_id: 'smpp-peer' }));
  }

  function handle(peerSession: PeerSession, pdu: Pdu): void {
    const { session } = peerSession;
    switch (pdu.command) {
      case 'bind_transceiver':
      case 'bind_transmitter':
      case 'bind_receiver':
        return bind(peerSession, pdu);
      case 'enquire_link':
        stats.enquireLinks++;
        send(session, pdu.response());
        return;
      case 'unbind':
        stats.unbindsReceived++;
        peerSession.bound = false;
        session.send(pdu.response(), () => session.close());
        return;
      case 'unbind_resp':
        session.close();
        return;
      case 'submit_sm':
        if (!peerSession.bound) send(session, pdu.response({ command_status: SMPP_STATUS.ESME_RINVBNDSTS }));
        else submit(peerSession, pdu);
        return;
      case 'deliver_sm_resp': {
        const entry = peerSession.unanswered.get(pdu.sequence_number);
        if (!entry) return;
        peerSession.unanswered.delete(pdu.sequence_number);
        if (entry.receipt) {
          stats.receiptsAnswered++;
          if (pdu.command_status !== 0) scheduler.add(entry.receipt, 100);
        }
        entry.answered?.(pdu.command_status);
        return;
      }
      default:
        if (!pdu.isResponse())
          send(session, new smpp.PDU('generic_nack', { sequence_number: pdu.sequence_number, command_status: SMPP_STATUS.ESME_RINVCMDID }));
    }
  }

  const server = smpp.createServer({}, (session) => {
    const peerSession: PeerSession = { id: ++nextSessionId, session, bound: false, unbinding: false, unanswered: new Map() };
    // Like production SMSCs: no Nagle delay on small PDUs. With it, the answers to a window of
    // submits wait for the client's delayed TCP ACK whenever the client holds back deliver_sm_resp
    // (as ours does until a receipt is stored): 3,700 instead of 22,000 submits/s on loopback.
    session.socket.setNoDelay(true);
    sessions.set(peerSession.id, peerSession);
    session.on('pdu', (pdu: Pdu) => handle(peerSession, pdu));
    session.on('error', () => session.destroy());
    session.on('close', () => {
      sessions.delete(peerSession.id);
      // Unanswered receipts are delivered again after the next bind, like an SMSC does.
      for (const entry of peerSession.unanswered.values()) {
        if (entry.receipt) scheduler.add(entry.receipt, 0);
        entry.answered?.(-1);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const listeningPort = typeof address === 'object' && address ? address.port : port;

  function unbindAll(): void {
    for (const peerSession of sessions.values()) {
      if (!peerSession.bound || peerSession.unbinding) continue;
      peerSession.unbinding = true;
      stats.unbindsSent++;
      send(peerSession.session, new smpp.PDU('unbind'));
      // Close even if the client never answers the unbind.
      setTimeout(() => peerSession.session.destroy(), 1000).unref();
    }
  }

  function dropAll(): void {
    for (const peerSession of sessions.values()) {
      stats.drops++;
      peerSession.session.destroy();
    }
  }

  /** Sends one deliver_sm to a bound client; resolves with its answer's status (-1: connection gone). */
  function deliver(fields: Record<string, unknown>): Promise<number> {
    const target = boundSession();
    if (!target) return Promise.reject(new Error('No client is bound to the SMPP peer'));
    return new Promise((resolve) => {
      const pdu = new smpp.PDU('deliver_sm', fields);
      send(target.session, pdu);
      target.unanswered.set(pdu.sequence_number, { answered: resolve });
    });
  }

  return {
    host,
    port: listeningPort,
    /** Credentials the peer accepts. */
    credentials: { systemId, password },
    behaviour,
    stats,
    /** Every accepted submit_sm, in arrival order (empty when record is false). */
    submits,
    /** Accepted messages per destination (a concatenated message counts once, by its first part). */
    counts,
    /** Changes behaviour while running. */
    update(changes: Partial<PeerBehaviour>): void {
      Object.assign(behaviour, changes);
    },
    /** Accepted submits put together into messages (by destination and UDH reference), arrival order. */
    messages(): RecordedMessage[] {
      return assembleMessages(submits);
    },
    /** Number of bound client sessions. */
    get boundSessions(): number {
      return [...sessions.values()].filter((s) => s.bound && !s.unbinding).length;
    },
    /** Injects a received (MO) message, split as asked; resolves with each part's answer status. */
    async sendMo(message: MoMessage): Promise<number[]> {
      const statuses: number[] = [];
      for (const fields of buildMoParts(message, defaultSmsCodec)) {
        stats.moSent++;
        statuses.push(await deliver(fields));
      }
      return statuses;
    },
    /** Sends a hand-made deliver_sm (receipt tests); resolves with the answer's status. */
    deliver,
    unbindAll,
    dropAll,
    /** Forgets recorded submits, counts and statistics. */
    reset(): void {
      submits.length = 0;
      counts.clear();
      for (const key of Object.keys(stats) as (keyof typeof stats)[]) stats[key] = 0;
    },
    /** Counts per destination summed up: the crash test's "each at least once, few duplicates". */
    summary() {
      let duplicates = 0;
      let maxPerDestination = 0;
      for (const count of counts.values()) {
        duplicates += count - 1;
        maxPerDestination = Math.max(maxPerDestination, count);
      }
      return { ...stats, destinations: counts.size, duplicates, maxPerDestination };
    },
    /** Stops listening and closes every connection. */
    async close(): Promise<void> {
      scheduler.stop();
      for (const peerSession of sessions.values()) peerSession.session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SmppPeer = Awaited<ReturnType<typeof startSmppPeer>>;

if (import.meta.main) {
  const { runPeerCli } = await import('./smpp-peer-cli.ts');
  await runPeerCli(startSmppPeer);
}
