import { keywordOf, replyWord } from '@sms/contracts/replies';
import type { Db, Executor } from '../../db/client.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import { getMessagingSettings } from '../settings/index.ts';
import {
  linkInboundContacts,
  lockPendingReplies,
  lockUnprocessed,
  markOptOuts,
  markProcessed,
  matchReplies,
  queueAutoReplies,
  recordReplies,
  setConsent,
  setReplyPending,
  type InboundRow,
} from './inbound.queries.ts';

/** A sender ID for answering on the channel a message came in on (our number or short code), else the gateway's default. */
const answerFrom = (row: InboundRow) =>
  /^\+?\d{3,15}$/.test(row.toAddress) || /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(row.toAddress) ? row.toAddress : null;

/** Most pending replies one pass looks at (they are few: those that arrived during a batch's handover). */
const PENDING_BATCH = 1_000;

/**
 * Matches inbound messages (locked by the caller) to the messages they answer and records the
 * replies (and the opt-outs among them: `optsOut`); those whose message is still in flight become
 * (or stay) pending, and pending ones that no longer have a candidate stop being pending. Answers
 * how many replies were recorded.
 */
async function matchAndRecord(
  tx: Executor,
  rows: Array<{ id: string; body: string; optsOut: boolean }>,
  wasPending: boolean,
): Promise<number> {
  const matches = await matchReplies(
    tx,
    rows.map((row) => row.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const decided = matches.filter((match) => !match.inFlight);
  await recordReplies(
    tx,
    decided.map(({ inboundId, messageId }) => ({
      inboundId,
      messageId,
      word: replyWord(byId.get(inboundId)?.body ?? ''),
      optsOut: byId.get(inboundId)?.optsOut ?? false,
    })),
  );
  const waiting = new Set(matches.filter((match) => match.inFlight).map((match) => match.inboundId));
  if (!wasPending) await setReplyPending(tx, [...waiting], true);
  else {
    const answered = new Set(decided.map((match) => match.inboundId));
    await setReplyPending(
      tx,
      rows.filter((row) => !waiting.has(row.id) && !answered.has(row.id)).map((row) => row.id),
      false,
    );
  }
  return decided.length;
}

/**
 * Matches the pending replies (of these contacts, or all) now that messages they may answer got
 * their outcome. Called in the write-back's transaction for the batch's contacts, and by
 * housekeeping for all (a reply whose processing committed after the write-back looked). Answers
 * how many replies were recorded.
 */
export async function matchPendingReplies(tx: Executor, contactIds: string[] | null): Promise<number> {
  if (contactIds?.length === 0) return 0;
  const rows = await lockPendingReplies(tx, contactIds, PENDING_BATCH);
  return rows.length === 0 ? 0 : matchAndRecord(tx, rows, true);
}

/**
 * Processes stored inbound messages, once each (processed_at, rows locked while processing):
 * links senders to contacts (creating unknown ones), matches each message to the campaign message
 * it answers (first reply time, text and reply word; the campaign's reply counter follows by
 * trigger; a message still being handed to the gateway is waited for: see matchPendingReplies),
 * and acts on keywords: opt-out and opt-in with the contact's time and source, help;
 * each answered with the configured text through the gateway it came from. A message that opts
 * its sender out is marked so, and so is the message it answers (a campaign's opt-outs: decision
 * 083). Publishes the batch (decision 081): `inbound.received` before the consent is written (the public site confirms a
 * subscription by reply; its opt-ins win over the batch's keywords), `inbound.processed` at the end
 * (the inbox moves the senders' conversations to the top). Set-based, so a wave of
 * replies to a big campaign costs a few statements per batch. Answers whether automatic replies
 * were queued (the dispatcher should look now).
 */
export async function processInbound(db: Db, ids: string[], events: DomainEvents): Promise<{ processed: number; autoReplies: number }> {
  if (ids.length === 0) return { processed: 0, autoReplies: 0 };
  const settings = await getMessagingSettings(db);
  await linkInboundContacts(db, ids);
  return db.transaction(async (tx) => {
    const rows = await lockUnprocessed(tx, ids);
    if (rows.length === 0) return { processed: 0, autoReplies: 0 };
    // Keywords, in arrival order: a contact's consent follows its latest message of the batch.
    const consent = new Map<string, boolean>();
    const answers: Parameters<typeof queueAutoReplies>[1] = [];
    // The messages that opt their sender out (one already opted out is not opted out again).
    const optOuts = new Set<string>();
    for (const row of rows) {
      const optedOut = row.contactId ? (consent.get(row.contactId) ?? row.contactStatus === 'opted_out') : false;
      const keyword = keywordOf(row.body, settings, optedOut);
      if (!keyword) continue;
      if (row.contactId && keyword === 'optOut' && !optedOut) optOuts.add(row.id);
      if (row.contactId && keyword !== 'help') consent.set(row.contactId, keyword === 'optOut');
      const text = keyword === 'optOut' ? settings.optOutReply : keyword === 'optIn' ? settings.optInReply : settings.helpReply;
      if (text)
        answers.push({ contactId: row.contactId, gatewayId: row.gatewayId, phone: row.fromPhone, senderId: answerFrom(row), body: text });
    }
    await markOptOuts(tx, [...optOuts]);
    await matchAndRecord(
      tx,
      rows.map((row) => ({ id: row.id, body: row.body, optsOut: optOuts.has(row.id) })),
      false,
    );
    const received = await events.publish(tx, 'inbound.received', {
      messages: rows.map((row) => ({
        id: row.id,
        fromPhone: row.fromPhone,
        contactId: row.contactId,
        saysOptIn: saysOptIn(row.body, settings),
      })),
    });
    for (const { optedIn } of received) for (const contactId of optedIn) consent.set(contactId, false);
    const change = (optedOut: boolean) => [...consent].filter(([, value]) => value === optedOut).map(([contactId]) => contactId);
    await setConsent(tx, change(true), true);
    await setConsent(tx, change(false), false);
    await queueAutoReplies(
      tx,
      answers.filter((answer) => /^\+[1-9]\d{6,14}$/.test(answer.phone)),
    );
    await markProcessed(
      tx,
      rows.map((row) => row.id),
    );
    await events.publish(tx, 'inbound.processed', { ids: rows.map((row) => row.id) });
    return { processed: rows.length, autoReplies: answers.length };
  });
}

/** The message is one of the opt-in keywords, whatever its sender's consent (a subscription code's answer). */
function saysOptIn(body: string, settings: { optInKeywords: string[] }): boolean {
  const word = body
    .trim()
    .replace(/[.!?]+$/u, '')
    .toLocaleUpperCase('en-US');
  return settings.optInKeywords.includes(word);
}
