import { TWO_STEP_ERROR_CODES, type TwoStepSetup, type TwoStepStatus } from '@sms/contracts/two-step';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { Conflict, ValidationError } from '../../../platform/errors.ts';
import { verifyPassword } from '../../../platform/passwords.ts';
import { assertLoginAllowed, recordLoginFailure } from '../sign-in/login-throttle.ts';
import type { UserRow } from '../../users/index.ts';
import { twoStepRequiredForRole } from '../../settings/index.ts';
import { generateRecoveryCodes, recoveryCodesLeft, replaceRecoveryCodes } from './recovery-codes.ts';
import { removeTwoStep } from './totp.queries.ts';
import { confirmEnrolment, smsAvailableFor, startEnrolment } from './two-step-login.service.ts';

/** The signed-in user changing their own two-step verification, and from where. */
type OwnChange = { user: UserRow; ip: string };

/** The signed-in user's two-step verification, as the account page shows it. */
export async function twoStepStatus(db: Db, user: UserRow): Promise<TwoStepStatus> {
  return {
    enabled: user.twoStepEnabledAt !== null,
    enabledAt: user.twoStepEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: user.twoStepEnabledAt ? await recoveryCodesLeft(db, user.id) : 0,
    required: await twoStepRequiredForRole(db, user.role),
    smsAvailable: await smsAvailableFor(db, user),
  };
}

/** Starts enrolment on the account page (refused while it is on: disable it first). */
export async function setupTwoStep(db: Db, { user }: OwnChange): Promise<TwoStepSetup> {
  if (user.twoStepEnabledAt) throw new Conflict('Two-step verification is already on.', { code: TWO_STEP_ERROR_CODES.alreadyEnabled });
  return startEnrolment(db, user);
}

/** Turns it on with a code from the app; answers the ten recovery codes (shown once). */
export async function enableTwoStep(db: Db, { user, ip, code }: OwnChange & { code: string }): Promise<string[]> {
  if (user.twoStepEnabledAt) throw new Conflict('Two-step verification is already on.', { code: TWO_STEP_ERROR_CODES.alreadyEnabled });
  const codes = await confirmEnrolment(db, user, code);
  if (!codes)
    throw new ValidationError(
      'code',
      'The code is not valid. Check the time on your phone and try the current code.',
      TWO_STEP_ERROR_CODES.invalidCode,
    );
  await recordAudit(db, { actor: user, action: 'user.two_step_enabled', subject: 'User', subjectId: user.id, ip });
  return codes;
}

/**
 * Checks the account password for a sensitive change, under the sign-in throttle (a stolen session
 * must not become a way to guess the password). 400 on `password` when wrong.
 */
async function confirmPassword(db: Db, user: UserRow, password: string, ip: string): Promise<void> {
  await assertLoginAllowed(db, user.email.toLowerCase(), ip);
  if (await verifyPassword(user.passwordHash, password)) return;
  await recordLoginFailure(db, user.email.toLowerCase(), ip);
  throw new ValidationError('password', 'The password is incorrect');
}

/** New recovery codes (the old ones stop working); needs the password. */
export async function regenerateRecoveryCodes(db: Db, { user, ip, password }: OwnChange & { password: string }): Promise<string[]> {
  if (!user.twoStepEnabledAt) throw new Conflict('Two-step verification is off.', { code: TWO_STEP_ERROR_CODES.notSetUp });
  await confirmPassword(db, user, password, ip);
  const codes = generateRecoveryCodes();
  await db.transaction(async (tx) => {
    await replaceRecoveryCodes(tx, user.id, codes);
    await recordAudit(tx, { actor: user, action: 'user.two_step_recovery_codes_replaced', subject: 'User', subjectId: user.id, ip });
  });
  return codes;
}

/** Turns it off; needs the password, and is refused while an admin requires it for this account. */
export async function disableTwoStep(db: Db, { user, ip, password }: OwnChange & { password: string }): Promise<void> {
  if (!user.twoStepEnabledAt) throw new Conflict('Two-step verification is off.', { code: TWO_STEP_ERROR_CODES.notSetUp });
  await confirmPassword(db, user, password, ip);
  if (await twoStepRequiredForRole(db, user.role)) {
    throw new Conflict('An administrator requires two-step verification for your account: it cannot be turned off.', {
      code: TWO_STEP_ERROR_CODES.required,
    });
  }
  await db.transaction(async (tx) => {
    await removeTwoStep(tx, user.id);
    await recordAudit(tx, { actor: user, action: 'user.two_step_disabled', subject: 'User', subjectId: user.id, ip });
  });
}

/** An admin clears someone's enrolment (lost phone): they sign in with the password alone, or enrol again if required. */
export async function resetTwoStepOf(db: Db, input: { actor: UserRow; target: UserRow; ip: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await removeTwoStep(tx, input.target.id);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'user.two_step_reset',
      subject: 'User',
      subjectId: input.target.id,
      ip: input.ip,
      details: { wasEnabled: input.target.twoStepEnabledAt !== null },
    });
  });
}
