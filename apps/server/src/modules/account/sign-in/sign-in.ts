import type { Executor } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import type { TokenService } from '../../../platform/tokens.ts';
import { touchLastLogin, type UserRow } from '../../users/index.ts';

/**
 * The end of every successful sign-in (password alone, or password and second step): stamps the
 * last login, audits it and issues the session token.
 */
export async function completeSignIn(
  db: Executor,
  tokens: TokenService,
  input: { user: UserRow; ip: string; details?: Record<string, unknown> },
): Promise<{ user: UserRow; token: string }> {
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
  return { user, token };
}
