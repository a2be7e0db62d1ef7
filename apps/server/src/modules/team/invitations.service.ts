import { textLanguageOf } from '@sms/contracts/locales';
import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '@sms/contracts/languages';
import { INVITATION_ERROR_CODES, INVITATION_PATH, INVITATION_TTL_HOURS, type InviteBody } from '@sms/contracts/team';
import type { Db, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { recordAudit } from '../../platform/audit.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { assertAllowed, recordEvents, tryAgainIn, type ThrottleRule } from '../../platform/throttle.ts';
import type { Mailer } from '../email-log/index.ts';
import { assertPasswordAllowed, publicAddressOf } from '../settings/index.ts';
import { findUserByEmail, findUserById, insertUser, lockMembership, type UserRow } from '../users/index.ts';
import { enqueueInvitation, invitationMail, type InvitationJob } from './invitation-mail.ts';
import {
  findInvitationByTokenHash,
  findOpenInvitation,
  findOpenInvitationByEmail,
  insertInvitation,
  isExpired,
  markAccepted,
  renewInvitationToken,
  revokeInvitation,
  type InvitationRow,
} from './invitations.queries.ts';

/** Invalid links tried from one address (accepting one costs an argon2 hash). */
export const BAD_INVITATION_RULE: ThrottleRule = { bucket: 'invitation-bad-link-ip', windowSeconds: 15 * 60, max: 20 };

const newToken = (): string => randomBytes(32).toString('base64url');
const sha256Hex = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** How an invitation reached the person: by e-mail (SMTP configured), or as a link the admin passes on. */
export interface InvitationSent {
  invitation: InvitationRow;
  delivery: 'email' | 'link';
  /** The link, only for 'link': shown to the admin once, never stored. */
  link: string | null;
}

interface SendContext {
  db: Db;
  jobs: Jobs;
  smtp: boolean;
  publicUrl: string | undefined;
}

/** The link for a token: the public address when one is known, else a path the admin's browser completes. */
async function linkFor(db: Executor, publicUrl: string | undefined, token: string): Promise<string> {
  const address = await publicAddressOf(db, publicUrl);
  return `${address ?? ''}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
}

/** With SMTP, the e-mail job makes the link and sends it; without, a link is made now for the admin to pass on. */
async function deliver(ctx: SendContext, invitation: InvitationRow, locale: Language): Promise<InvitationSent> {
  if (ctx.smtp) {
    await enqueueInvitation(ctx.jobs, { invitationId: invitation.id, locale });
    return { invitation, delivery: 'email', link: null };
  }
  const token = newToken();
  const renewed = await renewInvitationToken(ctx.db, invitation.id, sha256Hex(token), INVITATION_TTL_HOURS);
  if (!renewed) throw new NotFound('Invitation not found');
  return { invitation: renewed, delivery: 'link', link: await linkFor(ctx.db, ctx.publicUrl, token) };
}

/** Fails with 409 on `email` when an account or an open invitation already has the address. */
async function assertAddressFree(db: Executor, email: string): Promise<void> {
  if (await findUserByEmail(db, email)) throw new Conflict('An account with this email already exists.', { field: 'email' });
  if (await findOpenInvitationByEmail(db, email))
    throw new Conflict('This address already has an open invitation: send it again from the team list.', { field: 'email' });
}

/** An admin invites someone (email, name, role); audited. */
export async function invite(ctx: SendContext, input: { actor: UserRow; body: InviteBody; ip: string }): Promise<InvitationSent> {
  const { actor, body } = input;
  let invitation: InvitationRow;
  try {
    invitation = await ctx.db.transaction(async (tx) => {
      await lockMembership(tx);
      await assertAddressFree(tx, body.email);
      // A placeholder hash until the link is made (by the e-mail job, or just below): it opens nothing.
      const row = await insertInvitation(
        tx,
        { email: body.email, name: body.name, role: body.role, tokenHash: `unsent:${newToken()}`, invitedBy: actor.id },
        INVITATION_TTL_HOURS,
      );
      await recordAudit(tx, {
        actor,
        action: 'user.invited',
        subject: 'User',
        subjectId: row.id,
        ip: input.ip,
        details: { email: body.email, role: body.role },
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict('This address already has an open invitation.', { field: 'email' });
    throw error;
  }
  return deliver(ctx, invitation, textLanguageOf(actor.locale));
}

/** Sends an open invitation again with a new link (the old one stops working; 72 hours again); audited. */
export async function resendInvitation(
  ctx: SendContext,
  input: { actor: UserRow; invitation: InvitationRow; ip: string },
): Promise<InvitationSent> {
  await recordAudit(ctx.db, {
    actor: input.actor,
    action: 'user.invitation_resent',
    subject: 'User',
    subjectId: input.invitation.id,
    ip: input.ip,
    details: { email: input.invitation.email },
  });
  return deliver(ctx, input.invitation, textLanguageOf(input.actor.locale));
}

/** Withdraws an open invitation: its link stops working; audited. */
export async function withdrawInvitation(db: Db, input: { actor: UserRow; invitation: InvitationRow; ip: string }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await revokeInvitation(tx, input.invitation.id))) throw new NotFound('Invitation not found');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'user.invitation_revoked',
      subject: 'User',
      subjectId: input.invitation.id,
      ip: input.ip,
      details: { email: input.invitation.email },
    });
  });
}

/** The e-mail job: a new link for the invitation (if still open) and the e-mail carrying it. */
export async function mailInvitation(
  db: Db,
  mailer: Mailer,
  job: InvitationJob,
  publicUrl: string | undefined,
  mailRef?: string,
): Promise<void> {
  const open = await findOpenInvitation(db, job.invitationId);
  if (!open) return;
  const token = newToken();
  const invitation = await renewInvitationToken(db, open.id, sha256Hex(token), INVITATION_TTL_HOURS);
  if (!invitation) return;
  const inviter = invitation.invitedBy ? await findUserById(db, invitation.invitedBy) : undefined;
  const mail = await invitationMail(db, job.locale, {
    name: invitation.name,
    inviter: inviter?.name ?? 'An administrator',
    link: await linkFor(db, publicUrl, token),
  });
  await mailer.send({ to: invitation.email, ...mail, kind: 'invitation', ref: mailRef });
}

/** Why a link does not open an invitation, as the code of a 400 on `token`. */
async function refusal(db: Executor, row: InvitationRow | undefined): Promise<ValidationError | undefined> {
  if (!row)
    return new ValidationError(
      'token',
      'This invitation link is not valid. Ask an administrator for a new one.',
      INVITATION_ERROR_CODES.invalid,
    );
  if (row.acceptedAt)
    return new ValidationError('token', 'This invitation was already accepted. Sign in with your password.', INVITATION_ERROR_CODES.used);
  if (row.revokedAt)
    return new ValidationError('token', 'This invitation was withdrawn by an administrator.', INVITATION_ERROR_CODES.revoked);
  if (await isExpired(db, row))
    return new ValidationError(
      'token',
      'This invitation link has expired. Ask an administrator to send it again.',
      INVITATION_ERROR_CODES.expired,
    );
  return undefined;
}

/** What the invitation page shows: who is invited, until when; a 400 with the reason otherwise. */
export async function lookUpInvitation(db: Db, token: string): Promise<InvitationRow> {
  const row = await findInvitationByTokenHash(db, sha256Hex(token));
  const refused = await refusal(db, row);
  if (refused || !row) throw refused;
  return row;
}

/**
 * Accepts an invitation: the password follows the configured rules, the account is created
 * active with the invited role, and the link is used up in the same transaction; audited.
 */
export async function acceptInvitation(db: Db, input: { token: string; password: string; ip: string }): Promise<UserRow> {
  await assertAllowed(db, [[BAD_INVITATION_RULE, input.ip]], (minutes) => `Too many invalid invitation links. ${tryAgainIn(minutes)}`);
  await assertPasswordAllowed(db, input.password);
  // Hashed before the transaction: argon2 is slow and PGlite's one connection would wait.
  const passwordHash = await hashPassword(input.password);
  const outcome = await db.transaction(async (tx) => {
    await lockMembership(tx);
    const row = await findInvitationByTokenHash(tx, sha256Hex(input.token), true);
    const refused = await refusal(tx, row);
    if (refused || !row) return { refused };
    if (await findUserByEmail(tx, row.email))
      throw new Conflict('An account with this email already exists. Sign in instead.', { field: 'email' });
    const user = await insertUser(tx, { name: row.name, email: row.email, passwordHash, role: row.role, status: 'active' });
    await markAccepted(tx, row.id, user.id);
    await recordAudit(tx, {
      actor: user,
      action: 'user.invitation_accepted',
      subject: 'User',
      subjectId: user.id,
      ip: input.ip,
      details: { invitationId: row.id, role: row.role },
    });
    return { user };
  });
  if (!outcome.user) {
    await recordEvents(db, [[BAD_INVITATION_RULE, input.ip]]);
    throw outcome.refused ?? new NotFound('Invitation not found');
  }
  return outcome.user;
}
