import type { TwoStepChallenge } from '@sms/contracts/two-step';
import type { LoginBody } from '@sms/contracts/users';
import { ERROR_CODES } from '@sms/contracts/errors';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { Unauthenticated } from '../../../platform/errors.ts';
import { verifyAgainstDummy, verifyPassword } from '../../../platform/passwords.ts';
import type { TokenService } from '../../../platform/tokens.ts';
import { twoStepChallengeFor } from '../two-step/two-step-login.service.ts';
import { deviceFor, knownDevices } from './device-cookie.ts';
import {
  assertAccountNotDelayed,
  assertDeviceAllowed,
  assertLoginAllowed,
  clearAddressFailures,
  clearDeviceFailures,
  recordDeviceFailure,
  recordLoginFailure,
} from './login-throttle.ts';
import { completeSignIn, type SignedIn } from './sign-in.ts';
import { bumpTokenVersion, findUserByEmail, type UserRow } from '../../users/index.ts';

const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Signs a user in. Unknown email and wrong password get the same answer after the same amount of
 * work (a dummy argon2 verification), so the endpoint does not reveal which accounts exist. When
 * a second step is due (two-step verification on, or required and not set up yet), the answer is
 * a challenge instead of a token. A request whose device cookie (`cookie`, the Cookie header)
 * proves this device signed in to the account before is throttled on that device's own failures;
 * any other on its address's and, while the account fails from everywhere, waits
 * (login-throttle.ts, decision 076).
 */
export async function login(
  db: Db,
  tokens: TokenService,
  input: LoginBody & { ip: string; cookie: string | undefined },
): Promise<SignedIn | TwoStepChallenge> {
  const devices = await knownDevices(db, input.cookie);
  const found = await findUserByEmail(db, input.email);
  const device = found ? deviceFor(devices, found.id) : undefined;
  if (device) {
    await assertDeviceAllowed(db, device);
  } else {
    await assertLoginAllowed(db, input.email, input.ip);
    await assertAccountNotDelayed(db, input.email);
  }
  const passwordOk = found ? await verifyPassword(found.passwordHash, input.password) : await verifyAgainstDummy(input.password);
  if (!found || !passwordOk) {
    // A known device's failures count for it alone: they neither slow its address nor the account.
    if (device) await recordDeviceFailure(db, device);
    else await recordLoginFailure(db, input.email, input.ip);
    await recordAudit(db, {
      actor: found ?? null,
      action: 'user.login_failed',
      subject: 'User',
      subjectId: found?.id ?? null,
      ip: input.ip,
      details: { email: input.email, ...(device ? { knownDevice: true } : {}) },
    });
    throw new Unauthenticated(INVALID_CREDENTIALS, ERROR_CODES.invalidCredentials);
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
  if (device) await clearDeviceFailures(db, device);
  else await clearAddressFailures(db, input.email, input.ip);
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
  return completeSignIn(db, tokens, { user: found, ip: input.ip, devices });
}

/** Signs a user out everywhere: bumping the token version refuses every token issued before. */
export async function logout(db: Db, user: UserRow, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    await bumpTokenVersion(tx, user.id);
    await recordAudit(tx, { actor: user, action: 'user.logout', subject: 'User', subjectId: user.id, ip });
  });
}
