import { generate } from 'otplib';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.ts';
import type { Config } from '../src/config.ts';
import { startNoticeWorker } from '../src/modules/account/index.ts';
import type { TestAccount, TestServer } from './helper.ts';
import { waitFor } from './campaign-fixtures.ts';

/** Runs the account-notice job handler against a test server (as the embedded server does). */
export async function startNotices(
  server: TestServer,
  config: Partial<Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom'>> = {},
): Promise<string[]> {
  const logged: string[] = [];
  const logger = {
    error: (_details: object, message: string) => logged.push(`error: ${message}`),
    info: (_details: object, message: string) => logged.push(message),
  };
  await startNoticeWorker(
    server.jobs,
    { database: server.database, config: { ...server.config, ...config }, logger },
    { pollingIntervalSeconds: 0.5 },
  );
  return logged;
}

/** The reset token in the newest outbox message to `email`, waiting for the job to put it there. */
export async function outboxResetToken(server: TestServer, email: string, after = 0): Promise<{ token: string; body: string; id: number }> {
  return waitFor(
    async () => {
      const [row] = await queryRows<{ id: number | string; body: string }>(
        server.database.db,
        sql`select id, body from mail_outbox where recipient = ${email} and id > ${after} order by id desc limit 1`,
      );
      const token = row ? /reset-password\?token=([A-Za-z0-9_-]+)/.exec(row.body)?.[1] : undefined;
      return row && token ? { token, body: row.body, id: Number(row.id) } : undefined;
    },
    15_000,
    `a reset link for ${email} in the outbox`,
  );
}

/** The newest outbox id (0 when empty). */
export async function lastOutboxId(server: TestServer): Promise<number> {
  const [row] = await queryRows<{ id: number | string | null }>(server.database.db, sql`select max(id) as id from mail_outbox`);
  return Number(row?.id ?? 0);
}

/** The TOTP code of `secret` at now + offsetSeconds, computed as an authenticator app would. */
export function totpAt(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

/** Turns two-step verification on for an account through the API; answers its secret and recovery codes. */
export async function enrolTwoStep(server: TestServer, account: TestAccount): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await server.post('/api/users/me/two-step/setup', undefined, { token: account.token });
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const enable = await server.post('/api/users/me/two-step/enable', { code: await totpAt(setup.body.secret) }, { token: account.token });
  if (enable.status !== 200) throw new Error(`enable failed: ${enable.status} ${JSON.stringify(enable.body)}`);
  return { secret: setup.body.secret, recoveryCodes: enable.body.recoveryCodes };
}

/** Audit actions recorded for a subject, oldest first. */
export async function auditActions(server: TestServer, subjectId: string): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    server.database.db,
    sql`select action from audit_log where subject_id = ${subjectId} order by id`,
  );
  return rows.map((row) => row.action);
}
