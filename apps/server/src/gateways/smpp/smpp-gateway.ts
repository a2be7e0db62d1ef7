import { randomInt } from 'node:crypto';
import type { SmppConfig, SmppSecrets } from '@sms/contracts/gateway-smpp';
import { GatewayUnavailable, silentLogger, type Clock, type GatewayEvents, type GatewayLogger, type SmsGateway } from '../gateway.ts';
import { prepareBatch } from './batch.ts';
import { createDeliveryHandler } from './deliveries.ts';
import { createSmppLink } from './link.ts';
import { createPartIds } from './part-ids.ts';
import smpp from './smpp-library.ts';
import { defaultSmsCodec, type SmsCodec } from './sms-codec.ts';
import { SMPP_STATUS } from './status-codes.ts';
import { createSubmitWindow } from './submit-window.ts';

/** Knobs for tests and special setups; production uses the defaults. */
export interface SmppGatewayOptions {
  /** Text rules (default: the shared ones of packages/contracts). */
  codec?: SmsCodec;
  /** How long the parts of a concatenated inbound message are awaited (default 60 s). */
  inboundPartsTimeoutMs?: number;
  /** This process's clock, for the arrival time of receipts and inbound messages (default Date.now). */
  clock?: Clock;
}

/** Requests an ESME need not answer with a response PDU. */
const NO_RESPONSE = new Set(['alert_notification', 'outbind']);

/**
 * An SMPP 3.4 gateway: one transceiver bind to the SMSC, started at once so receipts and replies
 * flow even when nothing is being sent. See link.ts (bind, keep-alive, reconnection),
 * submit-window.ts (in-flight window, throttling, timeouts), batch.ts (results per message) and
 * deliveries.ts (receipts and inbound messages).
 */
export function createSmppGateway(
  settings: { config: SmppConfig; secrets: SmppSecrets },
  events: GatewayEvents,
  logger: GatewayLogger = silentLogger,
  options: SmppGatewayOptions = {},
): SmsGateway {
  const { config } = settings;
  const codec = options.codec ?? defaultSmsCodec;
  const partIds = createPartIds();
  const deliveries = createDeliveryHandler({
    events,
    codec,
    partIds,
    logger,
    inboundPartsTimeoutMs: options.inboundPartsTimeoutMs ?? 60_000,
    clock: options.clock ?? Date.now,
  });
  const window = createSubmitWindow(config, () => link.session);
  let closed: Promise<void> | null = null;
  const link = createSmppLink(
    settings,
    {
      bound: () => {
        window.resume();
        events.link?.({ state: 'connected', reason: null });
      },
      lost: (reason) => {
        window.connectionLost(reason);
        if (!closed) events.link?.({ state: 'retrying', reason: `Connection to ${config.host}:${config.port} lost: ${reason}` });
      },
      failed: (failure) => events.link?.({ state: failure.unusable ? 'refused' : 'retrying', reason: failure.message }),
      pdu: (pdu, session) => {
        if (pdu.command === 'submit_sm_resp' || pdu.command === 'generic_nack') window.response(pdu);
        else if (pdu.command === 'deliver_sm') deliveries.handle(pdu, session);
        else if (!pdu.isResponse() && !NO_RESPONSE.has(pdu.command)) {
          // data_sm and anything else we do not take part in.
          session.send(new smpp.PDU('generic_nack', { sequence_number: pdu.sequence_number, command_status: SMPP_STATUS.ESME_RINVCMDID }));
        }
      },
    },
    logger,
  );
  let reference = randomInt(256);
  link.start();

  return {
    kind: 'smpp',

    async sendBatch(messages, signal) {
      if (closed) throw new GatewayUnavailable('The SMPP gateway is closed');
      if (messages.length === 0) return [];
      await link.whenReady();
      const { jobs, results } = prepareBatch(
        messages,
        { config, codec, partIds, nextReference: () => (reference = (reference + 1) & 0xff) },
        signal,
      );
      window.enqueue(jobs);
      return results;
    },

    backlog: () => window.queued,

    async testConnection() {
      const result = await link.bindNow();
      if (!result.ok) return { ok: false, message: result.failure.message };
      return { ok: true, details: `Bound to ${result.smsc} as "${config.systemId}" (SMPP 3.4 transceiver)` };
    },

    close() {
      closed ??= (async () => {
        // Unbinding first lets the SMSC answer what is in flight before its unbind_resp.
        await link.close();
        window.close();
        await deliveries.close();
      })();
      return closed;
    },
  };
}
