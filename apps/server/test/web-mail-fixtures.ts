import { createMailer } from '../src/modules/email-log/index.ts';
import { startWebMessageMail } from '../src/modules/public-site/index.ts';
import type { TestServer } from './helper.ts';

/** Runs the contact-form mail jobs (answers, admins' digest) in the test server's job runner, as job-handlers.ts does, with a short digest window. */
export async function startWebMail(server: TestServer, smtpUrl: string, from: string, digestIntervalSeconds: number): Promise<void> {
  await startWebMessageMail(
    server.jobs,
    { database: server.database, mailer: createMailer(smtpUrl, from, server.database.db) },
    { pollingIntervalSeconds: 0.5, digestIntervalSeconds },
  );
}
