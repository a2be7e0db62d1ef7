import { SENDER_ERROR_CODES } from '@sms/contracts/senders';
import { createHash } from 'node:crypto';
import type { ApiErrorCode } from '@sms/contracts/error-catalogue';
import { INTEGRATION_ERROR_CODES, type ApiMessage, type SendApiMessageBody } from '@sms/contracts/integration';
import { normalisePhone } from '@sms/contracts/phone';
import { splitSms } from '@sms/contracts/sms-encoding';
import type { Db } from '../../db/client.ts';
import type { AuditActor } from '../../platform/audit.ts';
import type { ApiKeyPrincipal } from '../../platform/auth.ts';
import { recordAudit } from '../../platform/audit.ts';
import { Conflict, NotFound, Unprocessable, ValidationError, type AppError } from '../../platform/errors.ts';
import { erasedOptedOut } from '../../platform/suppression.ts';
import { gatewayForSending } from '../gateways/index.ts';
import { webhookHostRefusal } from '../webhooks/index.ts';
import { messagingSettingsForSending } from '../settings/index.ts';
import { refuseOverBudget } from '../usage/index.ts';
import { presentApiMessage } from './integration.presenter.ts';
import { unlistedSenders } from '../senders/index.ts';
import {
  cancelUnhandedApiMessage,
  databaseNow,
  findApiMessage,
  ensureRecipients,
  findIdempotentAnswer,
  insertApiMessages,
  sendApiMessagesAtOnce,
  type ApiMessageInput,
  releaseIdempotencyKey,
  reserveIdempotencyKey,
  storeIdempotentAnswer,
} from './integration.queries.ts';

/** How far in the past a scheduledAt may be (the caller's clock against the database's) and still be sent at once. */
const SCHEDULED_GRACE_MS = 60_000;

/** The audit actor of a key's changes: the key, by its name (no user id: keys are not accounts). */
export const keyActor = (key: ApiKeyPrincipal): AuditActor => ({ id: key.id, name: `${key.name} (API key)`, email: '' });

/** Why one message of a request was refused (a batch answers it per item; a single send throws it). */
export interface ItemError {
  status: number;
  code: ApiErrorCode;
  message: string;
  field?: string;
}

type Checked = { ok: true; body: SendApiMessageBody; phone: string; gatewayId: string } | { ok: false; error: ItemError };

/** The gateway of a message: the one named (must exist and be enabled), else the default. */
async function gatewayFor(db: Db, id: string | undefined, cache: Map<string, string | ItemError>): Promise<string | ItemError> {
  const cacheKey = id ?? '';
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  const gateway = await gatewayForSending(db, id);
  const answer: string | ItemError = !gateway
    ? id
      ? { status: 400, code: 'VALIDATION_ERROR', message: 'No gateway has this id', field: 'gatewayId' }
      : { status: 422, code: INTEGRATION_ERROR_CODES.gatewayUnavailable, message: 'No default gateway is configured' }
    : !gateway.enabled
      ? {
          status: 422,
          code: INTEGRATION_ERROR_CODES.gatewayUnavailable,
          message: `The gateway ${gateway.name} is disabled`,
          field: id ? 'gatewayId' : undefined,
        }
      : gateway.id;
  cache.set(cacheKey, answer);
  return answer;
}

/** The row of a checked item (its contact is found when queueing). */
function messageInput(key: ApiKeyPrincipal, item: Extract<Checked, { ok: true }>): ApiMessageInput {
  const split = splitSms(item.body.body);
  return {
    apiKeyId: key.id,
    gatewayId: item.gatewayId,
    phone: item.phone,
    senderId: item.body.senderId ?? null,
    body: item.body.body,
    encoding: split.encoding,
    segments: split.parts.length,
    priority: item.body.priority === 'high' ? 1 : 0,
    reference: item.body.reference ?? null,
    scheduledAt: item.body.scheduledAt ?? null,
    statusCallback: item.body.statusCallback ?? null,
  };
}

/**
 * Why a statusCallback is refused (undefined: accepted): the webhooks' rule (decision 054), https
 * and a public address, both waived by ALLOW_PRIVATE_WEBHOOK_URLS. Hosts are checked once a request.
 */
async function callbackRefusal(
  url: string | undefined,
  allowPrivate: boolean,
  hosts: Map<string, string | undefined>,
): Promise<ItemError | undefined> {
  if (!url || allowPrivate) return undefined;
  const refuse = (message: string): ItemError => ({ status: 400, code: 'VALIDATION_ERROR', message, field: 'statusCallback' });
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:') return refuse('statusCallback must be an https URL');
  if (!hosts.has(parsed.hostname)) hosts.set(parsed.hostname, (await webhookHostRefusal(parsed.hostname))?.detail);
  const detail = hosts.get(parsed.hostname);
  return detail ? refuse(`statusCallback must be a public address, not private, loopback or link-local: ${detail}`) : undefined;
}

/**
 * Queues messages from an API key (kind 'api', one-offs through the sending engine, so opt-out,
 * reply matching, history and reports treat them like every other message). Answers one result
 * per item, in order: the message, or why it was refused (unreadable number, opted out, gateway).
 */
export async function sendApiMessages(
  db: Db,
  input: { key: ApiKeyPrincipal; ip: string; items: SendApiMessageBody[]; wake: () => void; allowPrivate: boolean },
): Promise<Array<{ message: ApiMessage } | { error: ItemError }>> {
  // 402 for the whole request while the organisation's or this key's budget is spent (decision 109; a cached check).
  await refuseOverBudget(db, input.key.id);
  // The default country only reads national numbers: a request of E.164 numbers (one-time codes)
  // spares the round trip, which counts under load (bench/priority).
  const national = input.items.some((body) => !body.to.trim().startsWith('+'));
  const defaultCountry = national ? (await messagingSettingsForSending(db)).defaultCountry : undefined;
  const gateways = new Map<string, string | ItemError>();
  const checked: Checked[] = [];
  const callbackHosts = new Map<string, string | undefined>();
  let now: Date | undefined;
  const unlisted = await unlistedSenders(
    db,
    input.items.map((body) => body.senderId),
  );
  for (const body of input.items) {
    if (body.senderId && unlisted.has(body.senderId)) {
      const message = `senderId ${body.senderId} is not an approved number or sender ID of this organisation`;
      checked.push({ ok: false, error: { status: 400, code: SENDER_ERROR_CODES.notListed, message, field: 'senderId' } });
      continue;
    }
    const parsed = normalisePhone(body.to, defaultCountry);
    if (!parsed.ok) {
      checked.push({ ok: false, error: { status: 400, code: INTEGRATION_ERROR_CODES.invalidPhone, message: parsed.message, field: 'to' } });
      continue;
    }
    if (body.scheduledAt && Number.isNaN(Date.parse(body.scheduledAt))) {
      checked.push({
        ok: false,
        error: { status: 400, code: 'VALIDATION_ERROR', message: 'scheduledAt is not a date', field: 'scheduledAt' },
      });
      continue;
    }
    // A time in the past is a mistake (a wrong zone, a stale job), not "now": refused, with a
    // minute's grace for the caller's clock against the database's.
    if (body.scheduledAt && Date.parse(body.scheduledAt) < (now ??= await databaseNow(db)).getTime() - SCHEDULED_GRACE_MS) {
      checked.push({
        ok: false,
        error: {
          status: 400,
          code: 'VALIDATION_ERROR',
          message: `scheduledAt must not be in the past (the server's time is ${now.toISOString()}); leave it out to send now`,
          field: 'scheduledAt',
        },
      });
      continue;
    }
    const callback = await callbackRefusal(body.statusCallback, input.allowPrivate, callbackHosts);
    if (callback) {
      checked.push({ ok: false, error: callback });
      continue;
    }
    const gateway = await gatewayFor(db, body.gatewayId, gateways);
    if (typeof gateway !== 'string') checked.push({ ok: false, error: gateway });
    else checked.push({ ok: true, body, phone: parsed.e164, gatewayId: gateway });
  }
  const audit = { actor: keyActor(input.key), ip: input.ip, apiKeyId: input.key.id };
  const ready = checked.flatMap((item) => (item.ok ? [{ phone: item.phone, row: messageInput(input.key, item) }] : []));
  // Usually one statement does it all; else (someone is on the suppression list, or another
  // request created a contact meanwhile) a transaction checks the numbers and queues step by step.
  const queued =
    (await sendApiMessagesAtOnce(
      db,
      audit,
      ready.map((item) => item.row),
    )) ??
    (await db.transaction(async (tx) => {
      const phones = ready.map((item) => item.phone);
      // An erased, opted-out number gets no contact again: answered like any opted-out recipient.
      const erased = await erasedOptedOut(tx, phones);
      const recipients = await ensureRecipients(
        tx,
        phones.filter((phone) => !erased.has(phone)),
      );
      const toSend = ready.flatMap((item) => {
        const contact = recipients.get(item.phone);
        return contact?.status === 'active' ? [{ ...item.row, contactId: contact.id }] : [];
      });
      return { recipients, inserted: await insertApiMessages(tx, audit, toSend) };
    }));
  // The queued messages follow the order of the items whose recipient is active.
  let next = 0;
  const results = checked.map((item): { message: ApiMessage } | { error: ItemError } => {
    if (!item.ok) return { error: item.error };
    const contact = queued.recipients.get(item.phone);
    const row = contact?.status === 'active' ? queued.inserted[next++] : undefined;
    if (!row)
      return {
        error: {
          status: 409,
          code: INTEGRATION_ERROR_CODES.optedOut,
          message: 'The recipient has opted out of messages: nothing was sent',
          field: 'to',
        },
      };
    return { message: presentApiMessage(row) };
  });
  if (results.some((result) => 'message' in result)) input.wake();
  return results;
}

/** The error a single send throws for a refused item. */
export function itemErrorToThrow(error: ItemError): AppError {
  if (error.status === 409) return new Conflict(error.message, { code: error.code, ...(error.field ? { field: error.field } : {}) });
  if (error.status === 422) return new Unprocessable(error.message, error.code, error.field);
  return new ValidationError(error.field ?? 'body', error.message, error.code);
}

/** SHA-256 of a request body in a stable form (keys sorted), to tell a replay from a different request. */
function requestHash(body: unknown): string {
  const stable = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(stable)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, stable(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(stable(body)))
    .digest('hex');
}

/**
 * Runs `act` once per (key, Idempotency-Key) within 24 hours: a replay with the same body answers
 * the first answer and does nothing; with a different body, 409; while the first request is still
 * running, 409 too (retry shortly). A failed request frees the key. Without a key, just runs it.
 */
export async function idempotent<T>(
  db: Db,
  input: { key: ApiKeyPrincipal; idempotencyKey: string | undefined; body: unknown; statusCode: number },
  act: () => Promise<T>,
): Promise<{ statusCode: number; response: T; replayed: boolean }> {
  const idem = input.idempotencyKey;
  if (!idem) return { statusCode: input.statusCode, response: await act(), replayed: false };
  const hash = requestHash(input.body);
  const conflict = (message: string) =>
    new Conflict(message, { code: INTEGRATION_ERROR_CODES.idempotencyConflict, field: 'Idempotency-Key' });
  const stored = await findIdempotentAnswer(db, input.key.id, idem);
  if (!stored && !(await reserveIdempotencyKey(db, { apiKeyId: input.key.id, key: idem, requestHash: hash })))
    throw conflict('A request with this Idempotency-Key is in progress; retry shortly');
  if (stored) {
    if (stored.request_hash !== hash) throw conflict('This Idempotency-Key was used with a different request within the last 24 hours');
    if (Number(stored.status_code) === 0) throw conflict('A request with this Idempotency-Key is in progress; retry shortly');
    return { statusCode: Number(stored.status_code), response: stored.response as T, replayed: true };
  }
  let response: T;
  try {
    response = await act();
  } catch (error) {
    await releaseIdempotencyKey(db, input.key.id, idem);
    throw error;
  }
  await storeIdempotentAnswer(db, { apiKeyId: input.key.id, key: idem, statusCode: input.statusCode, response });
  return { statusCode: input.statusCode, response, replayed: false };
}

/**
 * Cancels a scheduled (or not yet sent) API message of the organisation while no gateway has had
 * it: status cancelled, audited with the key as the actor. Cancelling a cancelled message answers
 * it again; 404 when unknown; 409 MESSAGE_NOT_CANCELLABLE once a gateway has it (or it ended
 * otherwise), naming its status.
 */
export async function cancelApiMessage(db: Db, input: { key: ApiKeyPrincipal; ip: string; id: string }): Promise<ApiMessage> {
  return db.transaction(async (tx) => {
    const cancelled = await cancelUnhandedApiMessage(tx, input.id);
    if (cancelled) {
      await recordAudit(tx, {
        actor: keyActor(input.key),
        action: 'message.api_cancel',
        subject: 'Campaign',
        subjectId: input.id,
        ip: input.ip,
        details: { apiKeyId: input.key.id, reference: cancelled.reference },
      });
      return presentApiMessage(cancelled);
    }
    const row = await findApiMessage(tx, input.id);
    if (!row) throw new NotFound('Message not found');
    if (row.status === 'cancelled') return presentApiMessage(row);
    throw new Conflict(
      row.status === 'queued' || row.status === 'sending'
        ? `A gateway already has the message (status ${row.status}): it can no longer be cancelled`
        : `The message is ${row.status}: only a message no gateway has had can be cancelled`,
      { code: INTEGRATION_ERROR_CODES.notCancellable },
    );
  });
}
