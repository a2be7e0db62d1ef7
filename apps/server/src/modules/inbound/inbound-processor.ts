import { replyWord } from '@sms/contracts/replies';
import type { Db, Executor } from '../../db/client.ts';
import type { DomainEvents } from '../../platform/domain-events.ts';
import {
  linkInboundContacts,
  lockPendingReplies,
  lockUnprocessed,
  markProcessed,
  matchReplies,
  recordReplies,
  setReplyPending,
} from './inbound.queries.ts';

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
 * links senders to contacts (creating unknown ones) and matches each message to the campaign message
 * it answers (first reply time, text and reply word; the campaign's reply counter follows by
 * trigger; a message still being handed to the gateway is waited for: see matchPendingReplies).
 * Publishes the batch (decisions 081, 088): `inbound.received` once matched (the public site
 * confirms a subscription by reply), `inbound.matched` with the contacts that confirmation opted in
 * (the keyword rules: consent, a campaign's opt-outs, automatic answers), `contact.consent_changed`
 * with the contacts whose consent they changed, `inbound.processed` at the end (the inbox moves the senders' conversations to the top). Set-based, so a wave of replies to a
 * big campaign costs a few statements per batch. Answers whether automatic replies were queued
 * (the dispatcher should look now).
 */
export async function processInbound(db: Db, ids: string[], events: DomainEvents): Promise<{ processed: number; autoReplies: number }> {
  if (ids.length === 0) return { processed: 0, autoReplies: 0 };
  await linkInboundContacts(db, ids);
  return db.transaction(async (tx) => {
    const rows = await lockUnprocessed(tx, ids);
    if (rows.length === 0) return { processed: 0, autoReplies: 0 };
    await matchAndRecord(
      tx,
      rows.map((row) => ({ id: row.id, body: row.body, optsOut: false })),
      false,
    );
    // Marked processed as soon as matched (this transaction holds the rows, so no one else sees
    // it before the end): the message.inbound webhook is written then, by trigger, knowing the
    // contact and the message answered, and before the consent changes the keywords cause (decision 092).
    await markProcessed(
      tx,
      rows.map((row) => row.id),
    );
    const messages = rows.map((row) => ({
      id: row.id,
      fromPhone: row.fromPhone,
      contactId: row.contactId,
      contactOptedOut: row.contactStatus === 'opted_out',
      toAddress: row.toAddress,
      gatewayId: row.gatewayId,
      body: row.body,
    }));
    const received = await events.publish(tx, 'inbound.received', { messages });
    const optedIn = received.flatMap((answer) => answer.optedIn);
    const matched = await events.publish(tx, 'inbound.matched', { messages, optedIn });
    const consent = {
      optedOut: matched.flatMap((answer) => answer.optedOut),
      optedIn: matched.flatMap((answer) => answer.optedIn),
    };
    if (consent.optedOut.length > 0 || consent.optedIn.length > 0) await events.publish(tx, 'contact.consent_changed', consent);
    await events.publish(tx, 'inbound.processed', { ids: rows.map((row) => row.id) });
    return { processed: rows.length, autoReplies: matched.reduce((sum, answer) => sum + answer.queued, 0) };
  });
}
