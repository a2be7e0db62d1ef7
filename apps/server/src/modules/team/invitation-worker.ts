import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mailer } from '../email-log/index.ts';
import { startInvitationMailWorker } from './invitation-mail.ts';
import { mailInvitation } from './invitations.service.ts';

/** Runs the invitation e-mails in this process (only with SMTP_URL: without, the admin is given the link). */
export function startInvitationMail(
  jobs: Jobs,
  deps: { database: Database; mailer: Mailer | undefined; publicUrl: string | undefined },
  options: { pollingIntervalSeconds?: number } = {},
): Promise<void> {
  return startInvitationMailWorker(
    jobs,
    deps,
    (db, mailer, job, mailRef) => mailInvitation(db, mailer, job, deps.publicUrl, mailRef),
    options,
  );
}
