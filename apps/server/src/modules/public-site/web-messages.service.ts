import { normalisePhone } from '@sms/contracts/phone';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, NotFound, Unprocessable, ValidationError } from '../../platform/errors.ts';
import { assertAllowed, recordEvents, tryAgainIn, type ThrottleRule } from '../../platform/throttle.ts';
import { findDefaultGateway } from '../gateways/index.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { requirePublicSiteOn } from './public-site-settings.ts';
import type { Visitor } from './subscriptions.service.ts';
import { WEB_REPLY_CODES, type ContactFormBody, type WebReplyBody } from '@sms/contracts/public-site';
import { insertWebMessage, isOptedOut, lockWebMessage, recordEmailReply, recordWebReply } from './web-messages.queries.ts';

/** Contact-form messages one address may send per hour. */
const MESSAGES_PER_ADDRESS: ThrottleRule = { bucket: 'public_contact_address', windowSeconds: 3600, max: 5 };

/** POST /api/public/contact: the message lands in the inbox's Web messages. Nothing is sent to anyone. */
export async function receiveWebMessage(db: Db, body: ContactFormBody, visitor: Visitor): Promise<void> {
  await requirePublicSiteOn(db);
  let phone: string | null = null;
  if (body.phone) {
    const normalised = normalisePhone(body.phone, (await getMessagingSettings(db)).defaultCountry);
    if (!normalised.ok) throw new ValidationError('phone', normalised.message);
    phone = normalised.e164;
  }
  await assertAllowed(
    db,
    [[MESSAGES_PER_ADDRESS, visitor.ip]],
    (minutes) => `Too many messages were sent from here. ${tryAgainIn(minutes)}`,
  );
  await recordEvents(db, [[MESSAGES_PER_ADDRESS, visitor.ip]]);
  await insertWebMessage(db, {
    name: body.name,
    phone,
    email: body.email || null,
    body: body.message,
    ip: visitor.ip,
    userAgent: visitor.userAgent,
  });
}

/** How answers can leave this installation. */
export interface ReplyChannels {
  /** SMTP_URL is set: e-mail answers can be sent. */
  smtp: boolean;
}

/**
 * Answers a contact-form message: by SMS to the number it gave (the engine sends it after commit),
 * or by e-mail to the address (queued on the row; the mail job sends it after commit). Without a
 * channel: SMS when a number was given, else e-mail. 422 when the message gave no such address
 * or no default gateway works, 409 when the number opted out or SMTP is not configured.
 */
export async function replyToWebMessage(
  db: Db,
  command: Command,
  input: { id: string } & WebReplyBody,
  channels: ReplyChannels,
): Promise<'sms' | 'email'> {
  const gateway = await findDefaultGateway(db);
  return db.transaction(async (tx) => {
    const message = await lockWebMessage(tx, input.id);
    if (!message) throw new NotFound('Web message not found');
    const channel = input.channel ?? (message.phone ? 'sms' : 'email');
    if (channel === 'email') {
      if (!message.email) throw new Unprocessable('This message gave no e-mail address: answer it by SMS', WEB_REPLY_CODES.noEmail);
      if (!channels.smtp)
        throw new Conflict('E-mail answers need an SMTP server: set SMTP_URL (and MAIL_FROM) in the server environment and restart it', {
          code: WEB_REPLY_CODES.smtpNotConfigured,
          field: 'channel',
        });
      await recordEmailReply(tx, { id: message.id, body: input.body, actorId: command.actor.id });
    } else {
      if (!message.phone) throw new Unprocessable('This message gave no phone number: answer it by e-mail', WEB_REPLY_CODES.noPhone);
      if (!gateway?.enabled) throw new Unprocessable('No default gateway is configured', 'GATEWAY_UNAVAILABLE');
      if (await isOptedOut(tx, message.phone))
        throw new Conflict('This number has opted out of messages', { code: 'CONTACT_OPTED_OUT', field: 'body' });
      await recordWebReply(tx, {
        id: message.id,
        gatewayId: gateway.id,
        phone: message.phone,
        body: input.body,
        actorId: command.actor.id,
      });
    }
    await recordAudit(tx, {
      actor: command.actor,
      action: 'web_message.reply',
      subject: 'Inbox',
      subjectId: message.id,
      ip: command.ip,
      details: { channel },
    });
    return channel;
  });
}
