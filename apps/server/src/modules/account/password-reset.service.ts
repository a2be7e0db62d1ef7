import { textLanguageOf } from '@sms/contracts/locales';
import { RESET_ERROR_CODES, RESET_PASSWORD_PATH, RESET_THROTTLE } from '@sms/contracts/password-reset';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ValidationError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { clearLoginFailures } from './sign-in/login-throttle.ts';
import { findUserByEmail, findUserById, updateUserRow, type UserRow } from '../users/index.ts';
import { deliverNotice, type NoticeChannel, type NoticeDeps } from './notices/deliver.ts';
import { enqueueNotice, type ResetNoticeJob } from './notices/notice-queue.ts';
import { appName, resetNotice } from './notices/notice-texts.ts';
import { consumeResetToken, expireResetTokens, insertResetToken } from './password-reset.queries.ts';
import { newSecretToken, sha256Hex } from './secret-tokens.ts';
import { assertPasswordAllowed, publicAddressOf } from '../settings/index.ts';
import { assertAllowed, recordEvents, tryAgainIn, type ThrottleRule } from '../../platform/throttle.ts';

const window = RESET_THROTTLE.windowSeconds;
export const RESET_RULES = {
  perEmail: { bucket: 'reset-email', windowSeconds: window, max: RESET_THROTTLE.maxPerEmail },
  perIp: { bucket: 'reset-ip', windowSeconds: window, max: RESET_THROTTLE.maxPerIp },
  /** Invalid links tried from one address (each costs an argon2 hash). */
  badLinksPerIp: { bucket: 'reset-bad-link-ip', windowSeconds: window, max: 20 },
} satisfies Record<string, ThrottleRule>;

const INVALID_LINK = 'This reset link is invalid, already used or expired. Ask for a new one.';

/**
 * Self-service "forgot password". The request does exactly the same work whatever the email:
 * throttle check, count, audit, queue one job. Whether an account exists is decided only in the
 * background job, so neither the answer nor its timing can tell.
 */
export async function requestPasswordReset(db: Db, jobs: Jobs, input: { email: string; ip: string }): Promise<void> {
  const counted: Array<[ThrottleRule, string]> = [
    [RESET_RULES.perEmail, input.email],
    [RESET_RULES.perIp, input.ip],
  ];
  await assertAllowed(db, counted, (minutes) => `Too many password reset requests. ${tryAgainIn(minutes)}`);
  await db.transaction(async (tx) => {
    await recordEvents(tx, counted);
    await recordAudit(tx, {
      actor: null,
      action: 'user.password_reset_requested',
      subject: 'User',
      ip: input.ip,
      details: { email: input.email },
    });
  });
  await enqueueNotice(jobs, { type: 'password-reset', email: input.email, requestedBy: null });
}

/** An admin sends a user a reset link (from /users/{id}); audited. */
export async function adminRequestPasswordReset(db: Db, jobs: Jobs, input: { actor: UserRow; target: UserRow; ip: string }): Promise<void> {
  await recordAudit(db, {
    actor: input.actor,
    action: 'user.password_reset_requested',
    subject: 'User',
    subjectId: input.target.id,
    ip: input.ip,
    details: { email: input.target.email, byAdmin: true },
  });
  await enqueueNotice(jobs, { type: 'password-reset', userId: input.target.id, requestedBy: input.actor.id });
}

/**
 * The job: finds the account (nothing happens for unknown or disabled ones), stores a new link's
 * hash (older links of the user stop working) and sends the link. Answers the channel, or null.
 */
export async function sendResetLink(deps: NoticeDeps & { db: Db }, job: ResetNoticeJob, mailRef?: string): Promise<NoticeChannel | null> {
  const { db } = deps;
  const user = job.userId ? await findUserById(db, job.userId) : job.email ? await findUserByEmail(db, job.email) : undefined;
  if (!user || user.status !== 'active') return null;
  const token = newSecretToken();
  await insertResetToken(db, user.id, sha256Hex(token));
  // Without a public address the link is a path: whoever passes it on opens it on the app's own
  // address. A request's Host header never builds it (a forged one would send the token away).
  const address = await publicAddressOf(db, deps.config.publicUrl);
  const link = `${address ?? ''}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
  const notice = resetNotice(textLanguageOf(user.locale), { app: await appName(db), name: user.name, link });
  const channel = await deliverNotice(deps, user, notice, mailRef);
  if (!address) {
    deps.logger.info?.(
      { to: user.email },
      'The reset link has no address: set PUBLIC_URL, or the public address in Configurations -> Security, for whole links',
    );
  }
  await recordAudit(db, {
    actor: null,
    action: 'user.password_reset_sent',
    subject: 'User',
    subjectId: user.id,
    details: { channel, requestedBy: job.requestedBy },
  });
  return channel;
}

/**
 * Sets a new password with a reset link: the link is used up in the same statement that checks
 * it, the password follows the configured rules, and every earlier session (token version) and
 * outstanding link of the user ends.
 */
export async function resetPassword(db: Db, input: { token: string; password: string; ip: string }): Promise<void> {
  await assertAllowed(db, [[RESET_RULES.badLinksPerIp, input.ip]], (minutes) => `Too many invalid reset links. ${tryAgainIn(minutes)}`);
  await assertPasswordAllowed(db, input.password);
  // Hashed before the transaction: argon2 is slow and PGlite's one connection would wait.
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, sha256Hex(input.token));
    const owner = userId ? await findUserById(tx, userId) : undefined;
    if (!owner || owner.status !== 'active') return undefined;
    const updated = await updateUserRow(tx, owner.id, { passwordHash }, true);
    await expireResetTokens(tx, owner.id);
    await recordAudit(tx, { actor: owner, action: 'user.password_reset', subject: 'User', subjectId: owner.id, ip: input.ip });
    return updated;
  });
  if (!user) {
    await recordEvents(db, [[RESET_RULES.badLinksPerIp, input.ip]]);
    throw new ValidationError('token', INVALID_LINK, RESET_ERROR_CODES.invalidLink);
  }
  // The owner proved control of the account: earlier failed sign-ins no longer hold them back.
  await clearLoginFailures(db, user.email);
}
