import type { Locale } from '@sms/contracts/locales';
import type { Config } from '../../../config.ts';
import type { Executor } from '../../../db/client.ts';
import { publicAddressOf } from '../../settings/index.ts';
import type { Mailer } from '../../email-log/index.ts';
import type { NoticeText } from './notice-texts.ts';
import { insertOutboxEntry } from './outbox.queries.ts';
import { phoneForSms, queueNoticeSms, smsGatewayFor } from './sms-channel.ts';

/** How notices leave: by e-mail, by SMS, or into the admins' outbox (and the log). */
export type NoticeChannel = 'smtp' | 'sms' | 'outbox';

/** Where account notices log when they fall back to the outbox (development). */
export interface NoticeLogger {
  error(details: object, message: string): void;
  info?(details: object, message: string): void;
}

export interface NoticeDeps {
  db: Executor;
  config: Pick<Config, 'publicUrl'>;
  /** Present when SMTP_URL is configured. */
  mailer: Mailer | undefined;
  logger: NoticeLogger;
}

/** The recipient of a notice. */
export interface NoticeRecipient {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  locale: Locale;
}

/**
 * The channel for this installation: SMTP when configured; else SMS through a real gateway, but
 * only with a public address (PUBLIC_URL or the one an admin set: a link that leaves the server
 * must be whole); else the outbox.
 */
export async function deliveryChannel(db: Executor, setup: { smtp: boolean; publicUrl: string | undefined }): Promise<NoticeChannel> {
  if (setup.smtp) return 'smtp';
  if ((await publicAddressOf(db, setup.publicUrl)) && (await smsGatewayFor(db))) return 'sms';
  return 'outbox';
}

/**
 * Sends a notice by the best channel available for this recipient (SMS needs a phone number
 * that normalises; without one the outbox takes it). Answers the channel used. `mailRef` names
 * the e-mail across a job's tries (one e-mail log entry).
 */
export async function deliverNotice(deps: NoticeDeps, to: NoticeRecipient, notice: NoticeText, mailRef?: string): Promise<NoticeChannel> {
  const channel = await deliveryChannel(deps.db, { smtp: deps.mailer !== undefined, publicUrl: deps.config.publicUrl });
  if (channel === 'smtp' && deps.mailer) {
    await deps.mailer.send({
      to: to.email,
      subject: notice.subject,
      text: notice.text,
      kind: 'password_reset',
      userId: to.id,
      ref: mailRef,
    });
    return 'smtp';
  }
  if (channel === 'sms') {
    const gateway = await smsGatewayFor(deps.db);
    const phone = await phoneForSms(deps.db, to.phone);
    if (gateway && phone) {
      await queueNoticeSms(deps.db, { gatewayId: gateway.id, phone, text: notice.sms, userId: to.id });
      return 'sms';
    }
  }
  await insertOutboxEntry(deps.db, { userId: to.id, recipient: to.email, subject: notice.subject, body: notice.text }, 'password_reset');
  // Development default (no SMTP, no gateway): the message, link included, goes to the log too.
  const log = deps.logger.info?.bind(deps.logger) ?? ((details: object, message: string) => console.info(message, details));
  log({ to: to.email }, `Account e-mail kept in the outbox (no SMTP_URL or SMS gateway configured): ${notice.subject}\n${notice.text}`);
  return 'outbox';
}
