import { EMAIL_BODY_KEPT, type EmailKind } from '@sms/contracts/email-log';
import nodemailer from 'nodemailer';
import type { Executor } from '../../db/client.ts';
import { beginAttempt, recordOutcome } from './email-log.queries.ts';

/** One e-mail to send: what it is (`kind`) and, for an e-mail that may be tried again, a stable `ref`. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: EmailKind;
  /** Names the e-mail across tries ('web-message:<id>'): its tries count in one log row. */
  ref?: string;
  /** The account it was sent to, when it is one. */
  userId?: string | null;
}

/** Sends the product's e-mails through the configured SMTP server; every try is in the e-mail log. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** What nodemailer tells of a delivery or a failure. */
interface SmtpAnswer {
  response?: unknown;
  message?: unknown;
  code?: unknown;
}

const text = (value: unknown, max = 1000): string | null => (typeof value === 'string' && value ? value.slice(0, max) : null);

/**
 * A mailer for SMTP_URL (smtp:// or smtps://, credentials in the URL; nodemailer's URL options
 * such as `?pool=true` apply). Each try is written to the e-mail log before it is made (pending)
 * and its outcome after, with the server's answer. Failures reject: the caller's job retries.
 */
export function createMailer(smtpUrl: string, from: string, db: Executor): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    send: async (mail) => {
      const id = await beginAttempt(db, {
        kind: mail.kind,
        ref: mail.ref ?? null,
        recipient: mail.to,
        userId: mail.userId ?? null,
        subject: mail.subject,
        body: EMAIL_BODY_KEPT.has(mail.kind) ? mail.text : null,
      });
      try {
        const info = (await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text })) as SmtpAnswer;
        await recordOutcome(db, id, { status: 'sent', smtpResponse: text(info.response), error: null });
      } catch (failure) {
        const answer = (failure ?? {}) as SmtpAnswer;
        const error = text(answer.message) ?? text(answer.code) ?? 'unknown error';
        await recordOutcome(db, id, { status: 'failed', smtpResponse: text(answer.response), error });
        throw failure;
      }
    },
    close: () => transport.close(),
  };
}
