import { DEFAULT_SIMULATOR_GATEWAY_ID } from '@sms/contracts/gateways';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Executor } from '../../db/client.ts';
import { createDomainEvents, type DomainEventMap } from '../../platform/domain-events.ts';
import { startTestServer, type TestServer } from '../../../test/helper.ts';
import { processInbound } from '../inbound/index.ts';
import { applyKeywordRules } from '../keyword-rules/index.ts';
import { storeInbound } from './inbound-store.ts';
import { recordReceipts } from './receipts.ts';

const GATEWAY = DEFAULT_SIMULATOR_GATEWAY_ID;

/**
 * What the engine publishes besides inbound messages (decision 088): one `receipt.recorded` per
 * batch of receipts and one `contact.consent_changed` per inbound batch, each inside the
 * transaction that made the change (a subscriber sees it, and rolls it back by throwing).
 */
describe('the engine publishes receipts and opt-outs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const db = () => server.database.db;
  const sentMessages = async (count: number, tag: string) => {
    const rows = await queryRows<{ id: string | number }>(
      db(),
      sql`insert into messages (kind, phone, gateway_id, status, gateway_message_id, sent_at)
          select 'api', '+447700900' || lpad(g::text, 3, '0'), ${GATEWAY}, 'sent', ${tag} || '-' || g, now()
          from generate_series(1, ${count}) g returning id`,
    );
    return rows.map((row) => String(row.id));
  };

  it('publishes one receipt.recorded per batch with the messages it changed, seen from inside its transaction', async () => {
    const ids = await sentMessages(3, 'batch');
    const heard: Array<DomainEventMap['receipt.recorded']['event'] & { delivered: number }> = [];
    const events = createDomainEvents({
      'receipt.recorded': [
        async (tx: Executor, event) => {
          const [row] = await queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from messages where id = any(${sql.param(event.messageIds)}::bigint[]) and status = 'delivered'`,
          );
          heard.push({ ...event, delivered: row?.n ?? 0 });
        },
      ],
    });
    const at = new Date();
    await recordReceipts(db(), events, GATEWAY, [
      { gatewayMessageId: 'batch-1', status: 'delivered', at },
      { gatewayMessageId: 'batch-2', status: 'delivered', at },
      { gatewayMessageId: 'batch-3', status: 'delivered', at },
      { gatewayMessageId: 'nobody', status: 'delivered', at },
    ]);
    expect(heard).toHaveLength(1);
    expect(heard[0]?.gatewayId).toBe(GATEWAY);
    expect([...(heard[0]?.messageIds ?? [])].sort()).toEqual([...ids].sort());
    expect(heard[0]?.delivered).toBe(3);
    // A duplicate changes nothing: nothing is published.
    await recordReceipts(db(), events, GATEWAY, [{ gatewayMessageId: 'batch-1', status: 'delivered', at }]);
    expect(heard).toHaveLength(1);
  });

  it('rolls the receipts back with a subscriber that throws', async () => {
    const [id] = await sentMessages(1, 'rollback');
    const events = createDomainEvents({
      'receipt.recorded': [
        async () => {
          throw new Error('subscriber failed');
        },
      ],
    });
    await expect(
      recordReceipts(db(), events, GATEWAY, [{ gatewayMessageId: 'rollback-1', status: 'delivered', at: new Date() }]),
    ).rejects.toThrow('subscriber failed');
    const [row] = await queryRows<{ status: string }>(db(), sql`select status from messages where id = ${id}`);
    expect(row?.status).toBe('sent');
  });

  it('publishes contact.consent_changed with the contacts the keyword rules opted out or back in', async () => {
    const heard: Array<DomainEventMap['contact.consent_changed']['event']> = [];
    const events = createDomainEvents({
      'inbound.matched': [applyKeywordRules],
      'contact.consent_changed': [
        async (_tx, event) => {
          heard.push(event);
        },
      ],
    });
    const receive = async (from: string, body: string) =>
      processInbound(
        db(),
        await storeInbound(
          db(),
          GATEWAY,
          [{ from, to: '12345', body, gatewayMessageId: `in-${from}-${body}-${Date.now()}`, receivedAt: new Date() }],
          Date.now,
        ),
        events,
      );
    await receive('+447700900101', 'STOP');
    await receive('+447700900101', 'Thanks');
    await receive('+447700900101', 'START');
    const [contact] = await queryRows<{ id: string }>(db(), sql`select id from contacts where phone = '+447700900101'`);
    expect(heard).toEqual([
      { optedOut: [contact?.id], optedIn: [] },
      { optedOut: [], optedIn: [contact?.id] },
    ]);
  });
});
