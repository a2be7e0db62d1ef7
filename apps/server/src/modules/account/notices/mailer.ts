import nodemailer from 'nodemailer';

/** One e-mail to send. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends account e-mails through the configured SMTP server. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * A mailer for SMTP_URL (smtp:// or smtps://, credentials in the URL; nodemailer's URL options
 * such as `?pool=true` apply). Failures reject: the notice job retries.
 */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, { from });
  return {
    send: async (mail) => {
      await transport.sendMail({ to: mail.to, subject: mail.subject, text: mail.text });
    },
    close: () => transport.close(),
  };
}
