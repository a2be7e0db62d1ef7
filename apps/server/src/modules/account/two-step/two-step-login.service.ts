import { textLanguageOf } from '@sms/contracts/locales';
import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  TWO_STEP_ERROR_CODES,
  TWO_STEP_THROTTLE,
  type TwoStepChallenge,
  type TwoStepMethod,
  type TwoStepSetup,
} from '@sms/contracts/two-step';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { Conflict, TooManyRequests, Unauthenticated } from '../../../platform/errors.ts';
import type { TokenService } from '../../../platform/tokens.ts';
import { knownDevices } from '../sign-in/device-cookie.ts';
import { completeSignIn, type SignedIn } from '../sign-in/sign-in.ts';
import { findUserById, type UserRow } from '../../users/index.ts';
import { appName, signInCodeSms } from '../notices/notice-texts.ts';
import { maskPhone, phoneForSms, queueNoticeSms, smsGatewayFor } from '../notices/sms-channel.ts';
import { newSecretToken, sha256Hex } from '../secret-tokens.ts';
import { twoStepRequiredForRole } from '../../settings/index.ts';
import { assertAllowed, clearEvents, recordEvents, tryAgainIn, type ThrottleRule } from '../../../platform/throttle.ts';
import {
  consumeChallenge,
  findLiveChallenge,
  insertChallenge,
  recordChallengeFailure,
  setChallengeSmsCode,
  type ChallengeRow,
} from './challenges.queries.ts';
import { generateRecoveryCodes, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.ts';
import { matchTotp, newTotpSecret, totpEnrolment } from './totp.ts';
import { activatePendingSecret, findTotp, recordUsedStep, setPendingSecret } from './totp.queries.ts';

export const CODE_RULES = {
  perUser: { bucket: 'two-step-user', windowSeconds: TWO_STEP_THROTTLE.windowSeconds, max: TWO_STEP_THROTTLE.maxPerUser },
  perIp: { bucket: 'two-step-ip', windowSeconds: TWO_STEP_THROTTLE.windowSeconds, max: TWO_STEP_THROTTLE.maxPerIp },
} satisfies Record<string, ThrottleRule>;

const CHALLENGE_ENDED = 'This sign-in has expired or was already used. Sign in again.';
const SMS_INTERVAL_SECONDS = 30;

const challengeEnded = () => new Unauthenticated(CHALLENGE_ENDED, TWO_STEP_ERROR_CODES.challengeInvalid);

/** Whether sign-in codes can go to this user by SMS (a real gateway and a usable phone). */
export async function smsAvailableFor(db: Db, user: Pick<UserRow, 'phone'>): Promise<boolean> {
  return Boolean((await smsGatewayFor(db)) && (await phoneForSms(db, user.phone)));
}

/**
 * After a correct password: the challenge to answer instead of a token, when a second step is
 * due (two-step verification is on, or an admin requires it and the account must enrol first).
 * Null when the password is enough.
 */
export async function twoStepChallengeFor(db: Db, user: UserRow): Promise<TwoStepChallenge | null> {
  const enabled = user.twoStepEnabledAt !== null;
  if (!enabled && !(await twoStepRequiredForRole(db, user.role))) return null;
  const token = newSecretToken();
  const row = await insertChallenge(db, {
    userId: user.id,
    tokenHash: sha256Hex(token),
    purpose: enabled ? 'verify' : 'enrol',
    tokenVersion: user.tokenVersion,
  });
  const methods: TwoStepMethod[] = enabled ? ['totp', 'recovery', ...((await smsAvailableFor(db, user)) ? (['sms'] as const) : [])] : [];
  return { twoStepRequired: true, challenge: token, methods, enrolmentRequired: !enabled, expiresAt: row.expiresAt.toISOString() };
}

/**
 * The live challenge and its user, after the throttles. A challenge dies with the account's token
 * version (a password change or sign-out since the password step), and is for one purpose.
 */
async function openChallenge(
  db: Db,
  token: string,
  purpose: 'verify' | 'enrol',
  ip: string,
): Promise<{ challenge: ChallengeRow; user: UserRow }> {
  const challenge = await findLiveChallenge(db, sha256Hex(token));
  if (!challenge) throw challengeEnded();
  await assertAllowed(
    db,
    [
      [CODE_RULES.perUser, challenge.userId],
      [CODE_RULES.perIp, ip],
    ],
    (minutes) => `Too many wrong codes. ${tryAgainIn(minutes)}`,
  );
  const user = await findUserById(db, challenge.userId);
  if (!user || user.status !== 'active' || user.tokenVersion !== challenge.tokenVersion) throw challengeEnded();
  if (challenge.purpose !== purpose) {
    throw new Conflict(
      purpose === 'verify' ? 'Set up two-step verification first.' : 'Two-step verification is already set up: enter a code.',
      {
        code: purpose === 'verify' ? TWO_STEP_ERROR_CODES.notSetUp : TWO_STEP_ERROR_CODES.alreadyEnabled,
      },
    );
  }
  return { challenge, user };
}

/** A wrong code: counted on the challenge and the throttles, audited, 401 INVALID_CODE. */
async function wrongCode(db: Db, challenge: ChallengeRow, user: UserRow, method: TwoStepMethod, ip: string): Promise<never> {
  await recordChallengeFailure(db, challenge.id);
  await recordEvents(db, [
    [CODE_RULES.perUser, user.id],
    [CODE_RULES.perIp, ip],
  ]);
  await recordAudit(db, { actor: user, action: 'user.two_step_failed', subject: 'User', subjectId: user.id, ip, details: { method } });
  throw new Unauthenticated('The code is not valid. Check it and try again.', TWO_STEP_ERROR_CODES.invalidCode, 'code');
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const smsCodeHash = (challengeId: string, code: string) => sha256Hex(`${challengeId}:${code}`);

/** Whether `code` is right for `method`; TOTP and recovery codes are used up when right. */
async function checkCode(db: Db, challenge: ChallengeRow, user: UserRow, method: TwoStepMethod, code: string): Promise<boolean> {
  if (method === 'recovery') return useRecoveryCode(db, user.id, code);
  if (method === 'sms')
    return challenge.smsCodeHash !== null && sameHash(challenge.smsCodeHash, smsCodeHash(challenge.id, code.replace(/\s+/g, '')));
  const totp = await findTotp(db, user.id);
  if (!totp?.secret) return false;
  const step = await matchTotp(totp.secret, code.replace(/\s+/g, ''), totp.lastStep);
  return step !== null && (await recordUsedStep(db, user.id, step));
}

/** Finishes a sign-in with the second step: { user, token }, or 401 for a wrong code. */
export async function verifyTwoStep(
  db: Db,
  tokens: TokenService,
  input: { challenge: string; method: TwoStepMethod; code: string; ip: string; cookie: string | undefined },
): Promise<SignedIn> {
  const { challenge, user } = await openChallenge(db, input.challenge, 'verify', input.ip);
  if (!(await checkCode(db, challenge, user, input.method, input.code))) return wrongCode(db, challenge, user, input.method, input.ip);
  if (!(await consumeChallenge(db, challenge.id))) throw challengeEnded();
  await clearEvents(db, CODE_RULES.perUser, user.id);
  if (input.method === 'recovery')
    await recordAudit(db, { actor: user, action: 'user.two_step_recovery_code_used', subject: 'User', subjectId: user.id, ip: input.ip });
  const devices = await knownDevices(db, input.cookie);
  return completeSignIn(db, tokens, { user, ip: input.ip, devices, details: { twoStep: input.method } });
}

/** Texts a 6-digit code for the challenge (at most one every 30 seconds); answers where it went. */
export async function sendSignInCode(db: Db, input: { challenge: string; ip: string }): Promise<{ sentTo: string }> {
  const { challenge, user } = await openChallenge(db, input.challenge, 'verify', input.ip);
  const gateway = await smsGatewayFor(db);
  const phone = await phoneForSms(db, user.phone);
  if (!gateway || !phone)
    throw new Conflict('Codes by SMS are not available for this account.', { code: TWO_STEP_ERROR_CODES.smsUnavailable });
  const since = challenge.smsSentAt ? (Date.now() - challenge.smsSentAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (since < SMS_INTERVAL_SECONDS)
    throw new TooManyRequests('A code was just sent. Wait a moment before asking for another.', SMS_INTERVAL_SECONDS - since);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await setChallengeSmsCode(tx, challenge.id, smsCodeHash(challenge.id, code));
    await queueNoticeSms(tx, {
      gatewayId: gateway.id,
      phone,
      text: signInCodeSms(textLanguageOf(user.locale), await appName(tx), code),
      userId: user.id,
    });
    await recordAudit(tx, { actor: user, action: 'user.two_step_sms_sent', subject: 'User', subjectId: user.id, ip: input.ip });
  });
  return { sentTo: maskPhone(phone) };
}

/** Enrolment during sign-in (required by an admin): a new secret to scan. */
export async function loginTwoStepSetup(db: Db, input: { challenge: string; ip: string }): Promise<TwoStepSetup> {
  const { user } = await openChallenge(db, input.challenge, 'enrol', input.ip);
  return startEnrolment(db, user);
}

/** Creates a pending secret for a user and answers what to scan. */
export async function startEnrolment(db: Db, user: UserRow): Promise<TwoStepSetup> {
  const secret = newTotpSecret();
  await setPendingSecret(db, user.id, secret);
  return totpEnrolment(secret, user.email, await appName(db));
}

/**
 * Confirms a pending secret with a code from the app: two-step verification is on from now, and
 * ten new recovery codes are answered (shown once). False when the code does not match.
 */
export async function confirmEnrolment(db: Db, user: UserRow, code: string): Promise<string[] | null> {
  const totp = await findTotp(db, user.id);
  if (!totp?.pendingSecret) throw new Conflict('Start the setup first: scan a new QR code.', { code: TWO_STEP_ERROR_CODES.notSetUp });
  const step = await matchTotp(totp.pendingSecret, code, null);
  if (step === null) return null;
  const codes = generateRecoveryCodes();
  await db.transaction(async (tx) => {
    if (!(await activatePendingSecret(tx, user.id, step)))
      throw new Conflict('Start the setup first: scan a new QR code.', { code: TWO_STEP_ERROR_CODES.notSetUp });
    await replaceRecoveryCodes(tx, user.id, codes);
  });
  return codes;
}

/** Finishes a sign-in that had to enrol: two-step verification on, recovery codes, and the session. */
export async function loginTwoStepEnable(
  db: Db,
  tokens: TokenService,
  input: { challenge: string; code: string; ip: string; cookie: string | undefined },
): Promise<SignedIn & { recoveryCodes: string[] }> {
  const { challenge, user } = await openChallenge(db, input.challenge, 'enrol', input.ip);
  const codes = await confirmEnrolment(db, user, input.code);
  if (!codes) return wrongCode(db, challenge, user, 'totp', input.ip);
  if (!(await consumeChallenge(db, challenge.id))) throw challengeEnded();
  await recordAudit(db, {
    actor: user,
    action: 'user.two_step_enabled',
    subject: 'User',
    subjectId: user.id,
    ip: input.ip,
    details: { atSignIn: true },
  });
  const devices = await knownDevices(db, input.cookie);
  const session = await completeSignIn(db, tokens, { user, ip: input.ip, devices, details: { twoStep: 'enrolled' } });
  return { ...session, recoveryCodes: codes };
}
