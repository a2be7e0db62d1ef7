import { randomUUID, timingSafeEqual } from 'node:crypto';
import { normalisePhone } from '@sms/contracts/phone';
import { SUBSCRIPTION_CODE_TTL_SECONDS, type PublicSiteSettings, type Topic, type TopicTag } from '@sms/contracts/public-site';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { InboundEventMessage } from '../../platform/domain-events.ts';
import { TooManyRequests, ValidationError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { assertAllowed, recordEvents, tryAgainIn, type ThrottleRule } from '../../platform/throttle.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { getPublicSiteSettings, requirePublicSiteOn } from './public-site-settings.ts';
import { hashCode, wakeCodeSender } from './subscription-code-sender.ts';
import {
  countCodesForPhone,
  countWrongAttempt,
  insertCode,
  insertConsent,
  lockLiveCode,
  optOutByWebForm,
  pruneCodes,
  spendCodes,
  upsertSubscribedContact,
  type CodePurpose,
  type CodeRow,
} from './subscriptions.queries.ts';

/** Codes one address may ask for per hour, whatever the numbers. */
const CODES_PER_ADDRESS: ThrottleRule = { bucket: 'public_code_address', windowSeconds: 3600, max: 10 };
/** Code checks one address may make per hour (a guess at someone else's code is one). */
const CHECKS_PER_ADDRESS: ThrottleRule = { bucket: 'public_check_address', windowSeconds: 3600, max: 30 };
/** Codes one number may be asked for: per hour and per day (the public site sends nothing else, and not often). */
export const CODES_PER_PHONE_PER_HOUR = 3;
export const CODES_PER_PHONE_PER_DAY = 5;
/** Wrong tries a code survives. */
export const ATTEMPTS_PER_CODE = 5;

/** Where a request came from, for limits and the consent record. */
export interface Visitor {
  ip: string;
  userAgent: string | null;
}

/** The number in E.164 under the organisation's default country; 400 naming `phone` otherwise. */
async function e164(db: Executor, phone: string): Promise<string> {
  const normalised = normalisePhone(phone, (await getMessagingSettings(db)).defaultCountry);
  if (!normalised.ok) throw new ValidationError('phone', normalised.message);
  return normalised.e164;
}

/** The chosen published topics, at most one per tag field; 400 naming `topics` otherwise. */
function chosenTopics(published: Topic[], ids: string[]): Topic[] {
  const chosen: Topic[] = [];
  const tags = new Set<TopicTag>();
  for (const id of new Set(ids)) {
    const topic = published.find((candidate) => candidate.id === id);
    if (!topic) throw new ValidationError('topics', 'topics names a topic that is not offered');
    if (tags.has(topic.tag)) throw new ValidationError('topics', 'topics: choose one topic of each group');
    tags.add(topic.tag);
    chosen.push(topic);
  }
  return chosen;
}

/**
 * Records a request for a code, the same work for every well-formed number whatever its state
 * (unknown, subscribed, opted out), so neither the answer, its time nor the limits tell them
 * apart (issue 34): the limits per address (codes per hour) and per number (per hour and per day,
 * counted on the requests stored here, known number or not), then the request stored and the
 * sender woken. Whether a code is texted (unsubscribing: only to an active contact) is decided by
 * the sender's job after the answer (subscription-code-sender.ts).
 */
async function requestCode(
  db: Db,
  jobs: Jobs,
  input: { purpose: CodePurpose; phone: string; name: string | null; topics: string[]; consentText: string | null; visitor: Visitor },
): Promise<void> {
  await assertAllowed(
    db,
    [[CODES_PER_ADDRESS, input.visitor.ip]],
    (minutes) => `Too many codes were asked for from here. ${tryAgainIn(minutes)}`,
  );
  if (
    (await countCodesForPhone(db, input.phone, 3600)) >= CODES_PER_PHONE_PER_HOUR ||
    (await countCodesForPhone(db, input.phone, 86_400)) >= CODES_PER_PHONE_PER_DAY
  )
    throw new TooManyRequests('This number has received enough codes for now. Use the last code sent, or try again later.', 3600);
  await db.transaction(async (tx) => {
    await recordEvents(tx, [[CODES_PER_ADDRESS, input.visitor.ip]]);
    await pruneCodes(tx);
    const id = randomUUID();
    await insertCode(tx, {
      id,
      purpose: input.purpose,
      phone: input.phone,
      name: input.name,
      topics: input.topics,
      // No code yet: the hash of a secret nobody holds until the sender stores the texted code's.
      codeHash: hashCode(id, randomUUID()),
      ip: input.visitor.ip,
      userAgent: input.visitor.userAgent,
      consentText: input.consentText,
      ttlSeconds: SUBSCRIPTION_CODE_TTL_SECONDS,
    });
  });
  await wakeCodeSender(jobs);
}

/** POST /api/public/subscriptions: a code to confirm the chosen topics (the contact changes only on confirmation). */
export async function requestSubscription(
  db: Db,
  jobs: Jobs,
  input: { phone: string; name?: string | undefined; topics: string[]; visitor: Visitor },
): Promise<void> {
  const settings = await requirePublicSiteOn(db);
  const phone = await e164(db, input.phone);
  const topics = chosenTopics(settings.topics, input.topics);
  await requestCode(db, jobs, {
    purpose: 'subscribe',
    phone,
    name: input.name?.trim() || null,
    topics: topics.map((topic) => topic.id),
    consentText: settings.consentText,
    visitor: input.visitor,
  });
}

/** POST /api/public/unsubscribe: a code goes only to a number with an active contact, decided after the answer. */
export async function requestUnsubscribe(db: Db, jobs: Jobs, input: { phone: string; visitor: Visitor }): Promise<void> {
  await requirePublicSiteOn(db);
  const phone = await e164(db, input.phone);
  await requestCode(db, jobs, { purpose: 'unsubscribe', phone, name: null, topics: [], consentText: null, visitor: input.visitor });
}

const WRONG_CODE = 'This code is wrong or has expired. Check the text message, or ask for a new code.';

/**
 * Checks a code: 400 naming `code` when it is wrong, spent, expired or worn out by wrong tries
 * (each counted, and each check counted against the address). On a good code runs `apply` in the
 * same transaction as spending it.
 */
async function checkCode<T>(
  db: Db,
  input: { phone: string; code: string; purpose: CodePurpose; visitor: Visitor },
  apply: (tx: Executor, row: CodeRow) => Promise<T>,
): Promise<T> {
  await requirePublicSiteOn(db);
  const phone = await e164(db, input.phone);
  await assertAllowed(
    db,
    [[CHECKS_PER_ADDRESS, input.visitor.ip]],
    (minutes) => `Too many codes were tried from here. ${tryAgainIn(minutes)}`,
  );
  await recordEvents(db, [[CHECKS_PER_ADDRESS, input.visitor.ip]]);
  const outcome = await db.transaction(async (tx) => {
    const row = await lockLiveCode(tx, phone, input.purpose);
    if (!row || row.attempts >= ATTEMPTS_PER_CODE) return { ok: false as const };
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(hashCode(row.id, input.code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      await countWrongAttempt(tx, row.id);
      return { ok: false as const };
    }
    await spendCodes(tx, phone, input.purpose);
    return { ok: true as const, value: await apply(tx, row) };
  });
  if (!outcome.ok) throw new ValidationError('code', WRONG_CODE);
  return outcome.value;
}

/**
 * Applies a confirmed subscription: the contact active with the topics' tag values (topics
 * unpublished since the code left are dropped), the consent record (what the visitor saw and
 * where they were when they asked) and the audit entry. Answers the contact's id.
 */
async function applySubscription(
  tx: Executor,
  settings: PublicSiteSettings,
  row: CodeRow,
  via: { source: 'web_form' | 'sms_reply'; ip: string | null },
): Promise<string> {
  const topics = settings.topics.filter((topic) => row.topics.includes(topic.id));
  const tags: Partial<Record<TopicTag, string>> = {};
  for (const topic of topics) tags[topic.tag] = topic.value;
  const contact = await upsertSubscribedContact(tx, { phone: row.phone, name: row.name, tags, source: via.source });
  await insertConsent(tx, {
    contactId: contact.id,
    action: 'opt_in',
    source: via.source,
    ip: row.ip,
    userAgent: row.user_agent,
    consentText: row.consent_text,
    topics: topics.map((topic) => topic.title),
  });
  await recordAudit(tx, {
    actor: null,
    action: 'subscription.confirm',
    subject: 'Contact',
    subjectId: contact.id,
    ip: via.ip,
    details: { created: contact.created, topics: topics.map((topic) => topic.title), source: via.source },
  });
  return contact.id;
}

/** POST /api/public/subscriptions/confirm: the contact active with the topics' tag values, and the consent record. */
export async function confirmSubscription(db: Db, input: { phone: string; code: string; visitor: Visitor }): Promise<string> {
  const settings = await requirePublicSiteOn(db);
  return checkCode(db, { ...input, purpose: 'subscribe' }, (tx, row) =>
    applySubscription(tx, settings, row, { source: 'web_form', ip: input.visitor.ip }),
  );
}

/**
 * The opt-in keyword sent back to a subscription code's text message confirms like the code (it
 * proves the number is the sender's). Inside the inbound transaction; answers the contact's id,
 * or undefined when the number has no live code.
 */
async function confirmSubscriptionByReply(tx: Executor, phone: string): Promise<string | undefined> {
  const row = await lockLiveCode(tx, phone, 'subscribe');
  if (!row) return undefined;
  await spendCodes(tx, phone, 'subscribe');
  return applySubscription(tx, await getPublicSiteSettings(tx), row, { source: 'sms_reply', ip: null });
}

/** A message read as an opt-in keyword would be, whatever its sender's consent: trimmed, final punctuation off, upper case. */
const optInWord = (body: string): string =>
  body
    .trim()
    .replace(/[.!?]+$/u, '')
    .toLocaleUpperCase('en-US');

/**
 * Subscriber of the engine's `inbound.received` (decision 081): each opt-in keyword of the batch,
 * in arrival order, confirms its sender's live subscription code. Answers the contacts confirmed,
 * whose opt-in wins over the batch's keywords.
 */
export async function confirmSubscriptionsByReply(
  tx: Executor,
  event: { messages: InboundEventMessage[] },
): Promise<{ optedIn: string[] }> {
  const optedIn: string[] = [];
  const { optInKeywords } = await getMessagingSettings(tx);
  for (const message of event.messages) {
    if (!optInKeywords.includes(optInWord(message.body))) continue;
    const confirmed = await confirmSubscriptionByReply(tx, message.fromPhone);
    if (confirmed) optedIn.push(confirmed);
  }
  return { optedIn };
}

/** POST /api/public/unsubscribe/confirm: the contact opted out (source web_form), with a consent record. */
export async function confirmUnsubscribe(db: Db, input: { phone: string; code: string; visitor: Visitor }): Promise<void> {
  await checkCode(db, { ...input, purpose: 'unsubscribe' }, async (tx, row) => {
    const contactId = await optOutByWebForm(tx, row.phone);
    if (!contactId) return;
    await insertConsent(tx, {
      contactId,
      action: 'opt_out',
      ip: input.visitor.ip,
      userAgent: input.visitor.userAgent,
      consentText: null,
      topics: [],
    });
    await recordAudit(tx, {
      actor: null,
      action: 'subscription.unsubscribe',
      subject: 'Contact',
      subjectId: contactId,
      ip: input.visitor.ip,
      details: { source: 'web_form' },
    });
  });
}
