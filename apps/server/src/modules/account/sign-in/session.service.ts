import type { TwoStepChallenge } from '@sms/contracts/two-step';
import type { LoginBody } from '@sms/contracts/users';
import { ERROR_CODES } from '@sms/contracts/errors';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { Unauthenticated } from '../../../platform/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../../platform/passwords.ts';
import type { TokenService } from '../../../platform/tokens.ts';
import { twoStepChallengeFor } from '../two-step/two-step-login.service.ts';
import { accountLocked, accountLockSeconds, assertLoginAllowed, clearAddressFailures, recordLoginFailure } from './login-throttle.ts';
import { completeSignIn } from './sign-in.ts';
import { bumpTokenVersion, findUserByEmail, type UserRow } from '../../users/index.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Signs a user in. Unknown email and wrong password get the same answer after the same amount of
 * work (a dummy argon2 verification), so the endpoint does not reveal which accounts exist. When
 * a second step is due (two-step verification on, or required and not set up yet), the answer is
 * a challenge instead of a token. An account past its hourly failure limit (login-throttle.ts)
 * answers 429 whatever the password, unless the password is right and a second step follows.
 */
export async function login(
  db: Db,
  tokens: TokenService,
  input: LoginBody & { ip: string },
): Promise<{ user: UserRow; token: string } | TwoStepChallenge> {
  await assertLoginAllowed(db, input.email, input.ip);
  const found = await findUserByEmail(db, input.email);
  const passwordOk = found ? await verifyPassword(found.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  const lockWait = await accountLockSeconds(db, input.email);
  if (!found || !passwordOk) {
    await recordLoginFailure(db, input.email, input.ip);
    await recordAudit(db, {
      actor: found ?? null,
      action: 'user.login_failed',
      subject: 'User',
      subjectId: found?.id ?? null,
      ip: input.ip,
      details: { email: input.email, ...(lockWait > 0 ? { accountLocked: true } : {}) },
    });
    if (lockWait > 0) throw accountLocked(lockWait);
    throw new Unauthenticated(INVALID_CREDENTIALS, ERROR_CODES.invalidCredentials);
  }
  // Past the hourly limit the password alone proves too little (someone may have guessed it):
  // only a second step the account has set up lets it through.
  if (lockWait > 0 && (found.status !== 'active' || found.twoStepEnabledAt === null)) {
    await recordAudit(db, {
      actor: found,
      action: 'user.login_refused',
      subject: 'User',
      subjectId: found.id,
      ip: input.ip,
      details: { reason: 'account_locked' },
    });
    throw accountLocked(lockWait);
  }
  if (found.status !== 'active') {
    // Only said after a correct password, so it reveals nothing to someone guessing.
    await recordAudit(db, {
      actor: found,
      action: 'user.login_refused',
      subject: 'User',
      subjectId: found.id,
      ip: input.ip,
      details: { reason: 'disabled' },
    });
    throw new Unauthenticated('This account is disabled. Ask an administrator to enable it.', 'ACCOUNT_DISABLED');
  }
  await clearAddressFailures(db, input.email, input.ip);
  const challenge = await twoStepChallengeFor(db, found);
  if (challenge) {
    await recordAudit(db, {
      actor: found,
      action: 'user.login_challenge',
      subject: 'User',
      subjectId: found.id,
      ip: input.ip,
      details: { enrolmentRequired: challenge.enrolmentRequired },
    });
    return challenge;
  }
  return completeSignIn(db, tokens, { user: found, ip: input.ip });
}

/** Signs a user out everywhere: bumping the token version refuses every token issued before. */
export async function logout(db: Db, user: UserRow, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await bumpTokenVersion(tx, user.id);
    await recordAudit(tx, { actor: user, action: 'user.logout', subject: 'User', subjectId: user.id, ip });
  });
}
