import type { Clock, DeliveryReceipt, GatewayEvents, GatewayLogger, InboundSms } from '../gateway.ts';
import { addressOf } from './addresses.ts';
import { splitUserData } from './decode.ts';
import { createInboundAssembler } from './inbound-assembler.ts';
import type { createPartIds } from './part-ids.ts';
import { parseReceipt } from './receipt.ts';
import type { Pdu, Session } from './smpp-library.ts';
import type { SmsCodec } from './sms-codec.ts';
import { SMPP_STATUS } from './status-codes.ts';

/** esm_class message type bits (SMPP 3.4 section 5.2.12). */
const ESM_TYPE_MASK = 0x3c;
const ESM_DELIVERY_RECEIPT = 0x04;
const ESM_NORMAL = 0x00;

type Kind = 'receipt' | 'inbound' | 'none';

/** An id from a TLV: up to the first unprintable octet (some SMSCs omit the TLV's NULL). */
const cleanId = (value: unknown) => (typeof value === 'string' ? (/^[\x21-\x7e]+/.exec(value)?.[0] ?? undefined) : undefined);

const contentOf = (pdu: Pdu): Buffer =>
  pdu.short_message && pdu.short_message.length > 0 ? pdu.short_message : (pdu.message_payload ?? Buffer.alloc(0));

/**
 * Handles deliver_sm: delivery receipts and received (MO) messages, handed to GatewayEvents in
 * small batches (everything that arrived in one turn of the event loop). Every deliver_sm is
 * answered once its batch is stored (the GatewayEvents promise): ESME_ROK, or ESME_RX_T_APPN when
 * storing failed, so that the SMSC delivers it again later.
 */
export function createDeliveryHandler(options: {
  events: GatewayEvents;
  codec: SmsCodec;
  partIds: ReturnType<typeof createPartIds>;
  logger: GatewayLogger;
  inboundPartsTimeoutMs: number;
  clock: Clock;
}) {
  const { events, logger, partIds, clock } = options;
  let receipts: DeliveryReceipt[] = [];
  let inbound: InboundSms[] = [];
  let answers: { session: Session; pdu: Pdu; kind: Kind }[] = [];
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void flush());
  };

  const assembler = createInboundAssembler({
    codec: options.codec,
    timeoutMs: options.inboundPartsTimeoutMs,
    emit: (message) => {
      inbound.push(message);
      schedule();
    },
  });

  /** Hands items on and waits until they are stored (false: not stored, the SMSC must retry). */
  const handOn = async <T>(items: T[], deliver: (items: T[]) => void | Promise<void>, what: string): Promise<boolean> => {
    if (items.length === 0) return true;
    try {
      await deliver(items);
      return true;
    } catch (error) {
      logger.error({ err: error, count: items.length }, `SMPP ${what} handler failed; the SMSC will deliver them again`);
      return false;
    }
  };

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = { receipts, inbound, answers };
    receipts = [];
    inbound = [];
    answers = [];
    // Answered only once stored: a crash before that leaves them unanswered, and the SMSC delivers them again.
    const [receiptsOk, inboundOk] = await Promise.all([
      handOn(batch.receipts, (items) => events.receipts(items), 'receipt'),
      handOn(batch.inbound, (items) => events.inbound(items), 'inbound'),
    ]);
    const ok: Record<Kind, boolean> = { receipt: receiptsOk, inbound: inboundOk, none: true };
    const corked = new Set<Session>();
    for (const { session, pdu, kind } of batch.answers) {
      if (!corked.has(session)) {
        session.socket.cork();
        corked.add(session);
      }
      session.send(pdu.response(ok[kind] ? { message_id: '' } : { command_status: SMPP_STATUS.ESME_RX_T_APPN }));
    }
    for (const session of corked) session.socket.uncork();
  }

  function receipt(pdu: Pdu): Kind {
    const parsed = parseReceipt(
      {
        receiptedMessageId: cleanId(pdu.receipted_message_id),
        messageState: pdu.message_state,
        networkErrorCode: pdu.network_error_code,
        text: contentOf(pdu).toString('latin1'),
      },
      new Date(clock()),
    );
    if (parsed.kind === 'unreadable') logger.warn({ reason: parsed.reason }, 'SMPP delivery receipt not understood');
    if (parsed.kind !== 'final' || partIds.has(parsed.receipt.gatewayMessageId)) return 'none';
    receipts.push(parsed.receipt);
    return 'receipt';
  }

  function received(pdu: Pdu): Kind {
    const { concatenation, payload } = splitUserData(contentOf(pdu), pdu.esm_class ?? 0);
    const sar =
      pdu.sar_msg_ref_num !== undefined && pdu.sar_total_segments && pdu.sar_segment_seqnum
        ? { reference: pdu.sar_msg_ref_num, total: pdu.sar_total_segments, sequence: pdu.sar_segment_seqnum }
        : null;
    const emitted = assembler.add({
      from: addressOf(pdu.source_addr, pdu.source_addr_ton),
      to: addressOf(pdu.destination_addr, pdu.dest_addr_ton),
      dataCoding: pdu.data_coding ?? 0,
      concatenation: concatenation ?? (sar && sar.sequence <= sar.total ? sar : null),
      payload,
      receivedAt: new Date(clock()),
    });
    return emitted ? 'inbound' : 'none';
  }

  return {
    /** Takes one deliver_sm; it is answered with the next batch. */
    handle(pdu: Pdu, session: Session): void {
      let kind: Kind = 'none';
      try {
        const type = (pdu.esm_class ?? 0) & ESM_TYPE_MASK;
        // Other types (SME acknowledgements, intermediate notifications) report nothing.
        if (type === ESM_DELIVERY_RECEIPT) kind = receipt(pdu);
        else if (type === ESM_NORMAL) kind = received(pdu);
      } catch (error) {
        logger.warn({ err: error }, 'SMPP deliver_sm not understood');
      }
      answers.push({ session, pdu, kind });
      schedule();
    },
    /** Hands on everything held (incomplete concatenated messages too) and answers. */
    async close(): Promise<void> {
      assembler.flush();
      await flush();
    },
  };
}
