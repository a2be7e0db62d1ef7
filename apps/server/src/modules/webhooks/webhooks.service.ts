import type { CreateWebhookBody } from '@sms/contracts/webhooks';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { NotFound, ValidationError } from '../../platform/errors.ts';
import { webhookHostRefusal } from './webhook-address.ts';
import { deleteWebhook, insertWebhook, type WebhookRow } from './webhooks.queries.ts';
import { newWebhookSecret } from './webhook-signature.ts';

/**
 * Registers an endpoint; answers it with its signing secret (shown this once). 400 when its host is
 * or resolves to an address that is not public, unless allowed (the delivery's rule, decision 054).
 */
export async function createWebhook(
  db: Db,
  command: Command,
  input: { body: CreateWebhookBody; allowPrivate: boolean },
): Promise<{ row: WebhookRow; secret: string }> {
  const refusal = input.allowPrivate ? undefined : await webhookHostRefusal(new URL(input.body.url).hostname);
  if (refusal)
    throw new ValidationError(
      'url',
      `url must be a public address, not private, loopback or link-local: ${refusal.detail} (see ALLOW_PRIVATE_WEBHOOK_URLS)`,
    );
  const secret = newWebhookSecret();
  const row = await db.transaction(async (tx) => {
    const inserted = await insertWebhook(tx, {
      url: input.body.url,
      events: [...new Set(input.body.events)],
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
