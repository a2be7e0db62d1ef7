import type { Action, Subject } from '@sms/contracts/policy';
import { roleCan } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { Forbidden, Unauthenticated } from './errors.ts';
import type { TokenService } from './tokens.ts';

/** The signed-in user as routes see it (a full row; presenters decide what leaves the server). */
export type AuthUser = typeof users.$inferSelect;

/** The part of a user a module policy looks at: the role, whose rights the shared POLICY lists. */
export interface Actor {
  role: Role;
}

/** An actor known by id as well, for the rules about oneself (one's own profile and account). */
export interface UserActor extends Actor {
  id: string;
}

/**
 * How a route authenticates; every /api route must say so (checked at start-up):
 * `required` needs a valid token, `optional` reads one if sent, `public` ignores it.
 */
export type RouteAuth = 'required' | 'optional' | 'public';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

const SESSION_INVALID = 'Your session has expired or is no longer valid. Sign in again.';

/** Finds the user a token points at, if the account still exists (not deleted). */
async function findUserForToken(db: Db, userId: string): Promise<AuthUser | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return user;
}

/** A token of `tokenVersion` still stands for this account: active, and no sign-out, password or role change since. */
const sessionStands = (user: AuthUser | undefined, tokenVersion: number): user is AuthUser =>
  !!user && user.status === 'active' && user.tokenVersion === tokenVersion;

/** Resolves the bearer token of a request to an active user, or throws 401. */
async function authenticateRequest(request: FastifyRequest, db: Db, tokens: TokenService): Promise<AuthUser> {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw new Unauthenticated();
  const claims = await tokens.verify(match[1]);
  if (!claims) throw new Unauthenticated(SESSION_INVALID);
  const user = /^[0-9a-f-]{36}$/i.test(claims.userId) ? await findUserForToken(db, claims.userId) : undefined;
  // A bumped token version (logout, password or role change, disabling, deletion) revokes the token.
  if (!sessionStands(user, claims.tokenVersion)) throw new Unauthenticated(SESSION_INVALID);
  return user;
}

/**
 * The account behind a long-lived response (an event stream), read again: undefined once its
 * session is revoked (token version bumped), or the account is disabled or deleted. The request
 * was authenticated when it started; this tells when to end it.
 */
export async function refreshSessionUser(db: Db, user: AuthUser): Promise<AuthUser | undefined> {
  const fresh = await findUserForToken(db, user.id);
  return sessionStands(fresh, user.tokenVersion) ? fresh : undefined;
}

/**
 * Authenticates every request according to its route's `config.auth`, before validation, so the
 * handler order is authenticate -> validate -> load -> authorize -> service -> present.
 */
export function registerAuthentication(app: FastifyInstance, deps: { db: Db; tokens: TokenService }): void {
  app.decorateRequest('user', null);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    if (isApi && !route.config?.auth) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.auth (required, optional or public)`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const mode = request.routeOptions.config.auth;
    if (mode === 'required' || (mode === 'optional' && request.headers.authorization)) {
      request.user = await authenticateRequest(request, deps.db, deps.tokens);
    }
  });
}

/** The signed-in user of a `required` route (throws 401 if the route forgot to require one). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthenticated();
  return request.user;
}

/** Throws 403 unless `role` may do `action` on `subject` under the shared policy. */
export function authorize(role: Role, action: Action, subject: Exclude<Subject, 'all'>, message?: string): void {
  if (!roleCan(role, action, subject)) throw new Forbidden(message);
}

/** Throws 403 with `message` unless `allowed` (routes that ask a module policy). */
export function ensure(allowed: boolean, message: string): void {
  if (!allowed) throw new Forbidden(message);
}
