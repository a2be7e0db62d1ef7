import { type SmppConfig, smppConfigSchema } from '@sms/contracts/gateway-smpp';
import type { DeliveryReceipt, InboundSms, OutboundSms, SmsGateway } from '../src/gateways/gateway.ts';
import { createSmppGateway, type SmppGatewayOptions } from '../src/gateways/smpp/smpp-gateway.ts';
import { type SmppPeer, type SmppPeerOptions, startSmppPeer } from './smpp-peer.ts';

/**
 * Test harness for the SMPP gateway: a real peer on loopback and a gateway bound to it, with
 * short timings, collecting what the gateway hands to GatewayEvents.
 */
export interface SmppRig {
  peer: SmppPeer;
  gateway: SmsGateway;
  receipts: DeliveryReceipt[];
  inbound: InboundSms[];
  close(): Promise<void>;
}

/** Settings pointing at a peer, fast enough for tests. */
export function testSmppConfig(port: number, overrides: Partial<SmppConfig> = {}): SmppConfig {
  return {
    ...smppConfigSchema.parse({ host: '127.0.0.1', port, systemId: 'test' }),
    submitTimeoutSeconds: 2,
    reconnectMinSeconds: 0.05,
    reconnectMaxSeconds: 0.5,
    ...overrides,
  };
}

/** Starts a peer and a gateway bound to it (waits for the bind). */
export async function startSmppRig(
  options: { peer?: SmppPeerOptions; config?: Partial<SmppConfig>; password?: string; gateway?: SmppGatewayOptions } = {},
): Promise<SmppRig> {
  const peer = await startSmppPeer(options.peer);
  const receipts: DeliveryReceipt[] = [];
  const inbound: InboundSms[] = [];
  const gateway = createSmppGateway(
    { config: testSmppConfig(peer.port, options.config), secrets: { password: options.password ?? peer.credentials.password } },
    { receipts: (batch) => void receipts.push(...batch), inbound: (batch) => void inbound.push(...batch) },
    undefined,
    options.gateway,
  );
  return {
    peer,
    gateway,
    receipts,
    inbound,
    async close() {
      await gateway.close();
      await peer.close();
    },
  };
}

/** n outbound messages to distinct numbers (+447700 9xxxxx). */
export function outbound(n: number, make: (index: number) => Partial<OutboundSms> = () => ({}), offset = 0): OutboundSms[] {
  return Array.from({ length: n }, (_, i) => ({
    messageId: String(offset + i + 1),
    to: `+447700${String(900000 + offset + i).padStart(6, '0')}`,
    from: 'ACME',
    body: `Hello number ${offset + i}`,
    encoding: 'GSM-7' as const,
    segments: 1,
    ...make(offset + i),
  }));
}

/** Polls until `check` holds (or fails the test after `timeoutMs`). */
export async function waitUntil(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
