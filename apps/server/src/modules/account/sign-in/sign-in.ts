import type { Executor } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import type { TokenService } from '../../../platform/tokens.ts';
import { touchLastLogin, type UserRow } from '../../users/index.ts';
import { deviceCookieAfterSignIn, type KnownDevice } from './device-cookie.ts';

/** A finished sign-in: the user, their session token, and the device cookie's new value. */
export interface SignedIn {
  user: UserRow;
  token: string;
  deviceCookie: string;
}

/**
 * The end of every successful sign-in (password alone, or password and second step): stamps the
 * last login, audits it, issues the session token and the device cookie (`devices`: those the
 * request's cookie already proved).
 */
export async function completeSignIn(
  db: Executor,
  tokens: TokenService,
  input: { user: UserRow; ip: string; devices: KnownDevice[]; details?: Record<string, unknown> },
): Promise<SignedIn> {
  const user = (await touchLastLogin(db, input.user.id)) ?? input.user;
  await recordAudit(db, {
    actor: user,
    action: 'user.login',
    subject: 'User',
    subjectId: user.id,
    ip: input.ip,
    ...(input.details ? { details: input.details } : {}),
  });
  const token = await tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
  return { user, token, deviceCookie: await deviceCookieAfterSignIn(db, user.id, input.devices) };
}
