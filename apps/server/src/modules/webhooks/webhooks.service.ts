import type { CreateWebhookBody, RotateWebhookSecretBody, UpdateWebhookBody } from '@sms/contracts/webhooks';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { NotFound, ValidationError } from '../../platform/errors.ts';
import { webhookHostRefusal } from './webhook-address.ts';
import {
  deleteWebhook,
  enableWebhookRow,
  findWebhook,
  haltWebhookRow,
  insertWebhook,
  rotateWebhookSecretRow,
  updateWebhookRow,
  type WebhookRow,
} from './webhooks.queries.ts';
import { newWebhookSecret } from './webhook-signature.ts';

/** 400 naming `url` when its host is or resolves to an address that is not public, unless allowed (decision 054). */
async function checkPublicUrl(url: string, allowPrivate: boolean): Promise<void> {
  const refusal = allowPrivate ? undefined : await webhookHostRefusal(new URL(url).hostname);
  if (refusal)
    throw new ValidationError(
      'url',
      `url must be a public address, not private, loopback or link-local: ${refusal.detail} (see ALLOW_PRIVATE_WEBHOOK_URLS)`,
    );
}

/**
 * Registers an endpoint; answers it with its signing secret (shown this once). 400 when its host is
 * or resolves to an address that is not public, unless allowed (the delivery's rule, decision 054).
 */
export async function createWebhook(
  db: Db,
  command: Command,
  input: { body: CreateWebhookBody; allowPrivate: boolean },
): Promise<{ row: WebhookRow; secret: string }> {
  await checkPublicUrl(input.body.url, input.allowPrivate);
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const inserted = await insertWebhook(tx, {
      url: input.body.url,
      events: [...new Set(input.body.events)],
      description: input.body.description ?? '',
      secret,
      active: input.body.active ?? true,
      createdBy: command.actor.id,
    });
    await recordAudit(tx, {
      actor: command.actor,
      action: 'webhook.create',
      subject: 'Settings',
      subjectId: inserted.id,
      ip: command.ip,
      details: { url: inserted.url, events: inserted.events },
    });
    return inserted;
  });
  return { row, secret };
}

/** Removes an endpoint (and its log). 404 when unknown. */
export async function removeWebhook(db: Db, command: Command, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await deleteWebhook(tx, id))) throw new NotFound('Webhook not found');
    await recordAudit(tx, { actor: command.actor, action: 'webhook.delete', subject: 'Settings', subjectId: id, ip: command.ip });
  });
}

/**
 * Changes an endpoint's address (checked as at registration), events or description, or turns it
 * off (its pending deliveries halted) or on (as `enableWebhook`). Audited as `webhook.update`. 404 when unknown.
 */
export async function updateWebhook(
  db: Db,
  command: Command,
  input: { id: string; body: UpdateWebhookBody; allowPrivate: boolean },
): Promise<WebhookRow> {
  const { active, ...fields } = input.body;
  if (fields.url !== undefined) await checkPublicUrl(fields.url, input.allowPrivate);
  return db.transaction(async (tx) => {
    const before = await findWebhook(tx, input.id);
    if (!before) throw new NotFound('Webhook not found');
    let row = await updateWebhookRow(tx, input.id, { ...fields, events: fields.events && [...new Set(fields.events)] });
    if (active === false && before.active) row = await haltWebhookRow(tx, input.id);
    if (!row) throw new NotFound('Webhook not found');
    await recordAudit(tx, {
      actor: command.actor,
      action: 'webhook.update',
      subject: 'Settings',
      subjectId: input.id,
      ip: command.ip,
      details: { ...fields, ...(active === undefined ? {} : { active }) },
    });
    if (active === true && !before.active) row = await enable(tx, command, input.id);
    return row;
  });
}

/**
 * Replaces an endpoint's signing secret and answers the new one (shown this once). For
 * `overlapHours` (0: none) deliveries carry a signature by each secret (decision 093). 404 when unknown.
 */
export async function rotateWebhookSecret(
  db: Db,
  command: Command,
  id: string,
  body: RotateWebhookSecretBody,
): Promise<{ row: WebhookRow; secret: string }> {
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const rotated = await rotateWebhookSecretRow(tx, id, { secret, overlapHours: body.overlapHours });
    if (!rotated) throw new NotFound('Webhook not found');
    await recordAudit(tx, {
      actor: command.actor,
      action: 'webhook.rotate_secret',
      subject: 'Settings',
      subjectId: id,
      ip: command.ip,
      details: { url: rotated.url, overlapHours: body.overlapHours },
    });
    return rotated;
  });
  return { row, secret };
}

/**
 * Turns an endpoint on again (after a day of failures, or turned off by hand): its failing time is
 * cleared and the deliveries halted when it went off are sent again. 404 when unknown.
 */
export async function enableWebhook(db: Db, command: Command, id: string): Promise<WebhookRow> {
  return db.transaction((tx) => enable(tx, command, id));
}

async function enable(tx: Executor, command: Command, id: string): Promise<WebhookRow> {
  const enabled = await enableWebhookRow(tx, id);
  if (!enabled) throw new NotFound('Webhook not found');
  await recordAudit(tx, {
    actor: command.actor,
    action: 'webhook.enable',
    subject: 'Settings',
    subjectId: id,
    ip: command.ip,
    details: { url: enabled.row.url, resumed: enabled.resumed },
  });
  return enabled.row;
}
