import { keywordOf, replyWord } from '@sms/contracts/replies';
import type { Db } from '../../db/client.ts';
import { recordInboundActivity } from '../inbox/inbox.queries.ts';
import { getMessagingSettings } from '../settings/messaging-settings.ts';
import { linkInboundContacts, lockUnprocessed, markProcessed, matchReplies, queueAutoReplies, recordReplies, setConsent, type InboundRow } from './inbound.queries.ts';

/** A sender ID for answering on the channel a message came in on (our number or short code), else the gateway's default. */
const answerFrom = (row: InboundRow) => (/^\+?\d{3,15}$/.test(row.toAddress) || /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(row.toAddress) ? row.toAddress : null);

/**
 * Processes stored inbound messages, once each (processed_at, rows locked while processing):
 * links senders to contacts (creating unknown ones), matches each message to the campaign message
 * it answers (first reply time, text and reply word; the campaign's reply counter follows by
 * trigger), and acts on keywords: opt-out and opt-in with the contact's time and source, help;
 * each answered with the configured text through the gateway it came from; and moves the senders'
 * inbox conversations to the top. Set-based, so a wave of
 * replies to a big campaign costs a few statements per batch. Answers whether automatic replies
 * were queued (the dispatcher should look now).
 */
export async function processInbound(db: Db, ids: string[]): Promise<{ processed: number; autoReplies: number }> {
  if (ids.length === 0) return { processed: 0, autoReplies: 0 };
  const settings = await getMessagingSettings(db);
  await linkInboundContacts(db, ids);
  return db.transaction(async (tx) => {
    const rows = await lockUnprocessed(tx, ids);
    if (rows.length === 0) return { processed: 0, autoReplies: 0 };
    const byId = new Map(rows.map((row) => [row.id, row]));
    const matches = await matchReplies(tx, rows.map((row) => row.id));
    await recordReplies(
      tx,
      matches.flatMap(({ inboundId, messageId }) => {
        const row = byId.get(inboundId);
        return row ? [{ inboundId, messageId, at: row.receivedAt, text: row.body, word: replyWord(row.body) }] : [];
      }),
    );
    // Keywords, in arrival order: a contact's consent follows its latest message of the batch.
    const consent = new Map<string, boolean>();
    const answers: Parameters<typeof queueAutoReplies>[1] = [];
    for (const row of rows) {
      const optedOut = row.contactId ? (consent.get(row.contactId) ?? row.contactStatus === 'opted_out') : false;
      const keyword = keywordOf(row.body, settings, optedOut);
      if (!keyword) continue;
      if (row.contactId && keyword !== 'help') consent.set(row.contactId, keyword === 'optOut');
      const text = keyword === 'optOut' ? settings.optOutReply : keyword === 'optIn' ? settings.optInReply : settings.helpReply;
      if (text) answers.push({ contactId: row.contactId, gatewayId: row.gatewayId, phone: row.fromPhone, senderId: answerFrom(row), body: text });
    }
    const change = (optedOut: boolean) => [...consent].filter(([, value]) => value === optedOut).map(([contactId]) => contactId);
    await setConsent(tx, change(true), true);
    await setConsent(tx, change(false), false);
    await queueAutoReplies(tx, answers.filter((answer) => /^\+[1-9]\d{6,14}$/.test(answer.phone)));
    await markProcessed(tx, rows.map((row) => row.id));
    // The inbox's conversation list: one upsert per contact of the batch.
    await recordInboundActivity(tx, rows.map((row) => row.id));
    return { processed: rows.length, autoReplies: answers.length };
  });
}
