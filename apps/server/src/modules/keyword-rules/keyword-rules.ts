import { keywordOf } from '@sms/contracts/replies';
import type { Executor } from '../../db/client.ts';
import type { InboundEventMessage } from '../../platform/domain-events.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { answerFrom } from './answer-from.ts';
import { markAnsweredOptOuts, markOptOuts, queueAutoReplies, setConsent } from './keyword-rules.queries.ts';

/**
 * Subscriber of the engine's `inbound.matched` (decisions 081, 088): the keyword rules. Reads the
 * batch's keywords in arrival order (a contact's consent follows its latest message): opt-out and
 * opt-in with the contact's time and source, help; each answered with the configured text through
 * the gateway it came from. A message that opts its sender out is marked so, and so is the
 * message it answers (a campaign's opt-outs: decision 083). The contacts an earlier subscriber
 * opted in (`optedIn`: the public site's confirmation by reply) stay opted in whatever the
 * batch's keywords. Set-based: a few statements per batch. Answers how many answers it queued and
 * whose consent it changed.
 */
export async function applyKeywordRules(
  tx: Executor,
  event: { messages: InboundEventMessage[]; optedIn: string[] },
): Promise<{ queued: number; optedOut: string[]; optedIn: string[] }> {
  const settings = await getMessagingSettings(tx);
  const consent = new Map<string, boolean>();
  const answers: Parameters<typeof queueAutoReplies>[1] = [];
  // The messages that opt their sender out (one already opted out is not opted out again).
  const optOuts: string[] = [];
  for (const message of event.messages) {
    const optedOut = message.contactId ? (consent.get(message.contactId) ?? message.contactOptedOut) : false;
    const keyword = keywordOf(message.body, settings, optedOut);
    if (!keyword) continue;
    if (message.contactId && keyword === 'optOut' && !optedOut) optOuts.push(message.id);
    if (message.contactId && keyword !== 'help') consent.set(message.contactId, keyword === 'optOut');
    const text = keyword === 'optOut' ? settings.optOutReply : keyword === 'optIn' ? settings.optInReply : settings.helpReply;
    if (text)
      answers.push({
        contactId: message.contactId,
        gatewayId: message.gatewayId,
        phone: message.fromPhone,
        senderId: answerFrom(message),
        body: text,
      });
  }
  await markOptOuts(tx, optOuts);
  await markAnsweredOptOuts(tx, optOuts);
  for (const contactId of event.optedIn) consent.set(contactId, false);
  const change = (optedOut: boolean) => [...consent].filter(([, value]) => value === optedOut).map(([contactId]) => contactId);
  const optedOutNow = await setConsent(tx, change(true), true);
  const optedInNow = await setConsent(tx, change(false), false);
  const queued = await queueAutoReplies(
    tx,
    answers.filter((answer) => /^\+[1-9]\d{6,14}$/.test(answer.phone)),
  );
  return { queued, optedOut: optedOutNow, optedIn: optedInNow };
}
