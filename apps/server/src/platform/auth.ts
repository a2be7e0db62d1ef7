import { API_KEY_PREFIX } from '@sms/contracts/api-keys';
import type { ApiScope } from '@sms/contracts/policy';
import { scopeAllows } from '@sms/contracts/policy';
import type { Role } from '@sms/contracts/roles';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { Forbidden, Unauthenticated } from './errors.ts';
import { ApiKeyRateLimiter } from './api-key-rate-limit.ts';
import type { RequestBudgets } from './request-budget.ts';
import { isApiRequest } from './security.ts';
import type { TokenService } from './tokens.ts';
import { charge } from './rate-limit-headers.ts';
import { lastSeenRecorder } from './last-seen.ts';

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
 * `required` needs a valid staff token, `optional` reads one if sent, `public` ignores it,
 * `apiKey` needs an integration API key (`smsk_...`) holding the route's `scope`: the routes under
 * /api/v1 and only those (decision 050).
 */
export type RouteAuth = 'required' | 'optional' | 'public' | 'apiKey';

/** An integration API key as routes see it (never its secret nor its hash). */
export interface ApiKeyPrincipal {
  id: string;
  name: string;
  scopes: string[];
  /** Requests per second. */
  rateLimit: number;
}

/**
 * Resolves an API key secret from `ip` to its key, or throws 401 (unknown, revoked, expired) or 403
 * (address not allowed). `beforeLookUp` runs before the database is asked (a key neither cached as
 * verified nor as unknown) and may throw to spare the lookup.
 */
export type ApiKeyResolver = (secret: string, ip: string, beforeLookUp?: () => void) => Promise<ApiKeyPrincipal>;

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    apiKey: ApiKeyPrincipal | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** For `apiKey` routes: the scope the key must hold. */
    scope?: ApiScope;
    /** `false`: outside the request budgets (callers that sign their requests, such as Twilio's webhooks). */
    rateLimit?: false;
  }
}

/** The route prefix of the integration API, the only place API keys are accepted. */
export const INTEGRATION_PREFIX = '/api/v1/';
export const KEY_REQUIRED = `This route takes an API key: send Authorization: Bearer ${API_KEY_PREFIX}... (staff sign-in tokens are not accepted on /api/v1).`;
export const STAFF_TOKEN_REQUIRED = `This route takes a staff sign-in token; API keys (${API_KEY_PREFIX}...) are accepted on /api/v1 only.`;

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

const bearerOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  return (header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null)?.[1];
};

/**
 * Resolves the bearer token of a request to an active user, or throws 401. `beforeLookUp` sees the
 * signed user id before the account is read (a spent budget is refused without the read).
 */
async function authenticateRequest(
  request: FastifyRequest,
  db: Db,
  tokens: TokenService,
  beforeLookUp: (userId: string) => void,
): Promise<AuthUser> {
  const bearer = bearerOf(request);
  if (!bearer) throw new Unauthenticated();
  if (bearer.startsWith(API_KEY_PREFIX)) throw new Unauthenticated(STAFF_TOKEN_REQUIRED);
  const claims = await tokens.verify(bearer);
  if (!claims) throw new Unauthenticated(SESSION_INVALID);
  beforeLookUp(claims.userId);
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
 * Authenticates an /api/v1 request: an API key holding the route's scope, within its rate limit.
 * A staff token here is refused with a message that names the credential the route takes.
 */
async function authenticateKey(
  request: FastifyRequest,
  resolve: ApiKeyResolver,
  limiter: ApiKeyRateLimiter,
  scope: ApiScope | undefined,
  beforeLookUp: () => void,
): Promise<ApiKeyPrincipal> {
  const bearer = bearerOf(request);
  if (!bearer?.startsWith(API_KEY_PREFIX)) throw new Unauthenticated(KEY_REQUIRED);
  const key = await resolve(bearer, request.ip, beforeLookUp);
  charge(request, () => limiter.take(key));
  if (!scope || !scopeAllows(key.scopes, scope)) throw new Forbidden(`This API key lacks the ${scope ?? 'needed'} scope.`);
  return key;
}

/** The user a public route's caller signed in as: a bearer token with our valid signature (not read from the database). */
async function signedInAs(request: FastifyRequest, tokens: TokenService): Promise<string | undefined> {
  const bearer = bearerOf(request);
  if (!bearer || bearer.startsWith(API_KEY_PREFIX)) return undefined;
  return (await tokens.verify(bearer))?.userId;
}

/**
 * Authenticates every request according to its route's `config.auth`, before validation, so the
 * order is authenticate -> validate -> load -> authorize (platform/authorization.ts) -> service -> present. Then the
 * request spends its budget (decision 076): a signed-in user's own, an API key's own
 * (api-key-rate-limit.ts), or else the address's, which anonymous requests and failed
 * authentication share. Authentication comes first, so a valid token is never refused for what
 * others behind the same address did; an address past its budget gets 429 instead of 401, and
 * no database lookup for an API key this process has not verified in the last second.
 */
export function registerAuthentication(
  app: FastifyInstance,
  deps: { db: Db; tokens: TokenService; apiKeys: ApiKeyResolver; budgets: RequestBudgets },
): void {
  const limiter = new ApiKeyRateLimiter();
  const { perUser, perAddress } = deps.budgets;
  const seen = lastSeenRecorder(deps.db);
  app.decorateRequest('user', null);
  app.decorateRequest('apiKey', null);
  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') && !route.url.startsWith('/api/docs');
    const auth = route.config?.auth;
    if (isApi && !auth) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.auth (required, optional, public or apiKey)`);
    }
    // Keys on /api/v1 only, and every /api/v1 route takes a key with a named scope.
    if (isApi && (auth === 'apiKey') !== route.url.startsWith(INTEGRATION_PREFIX)) {
      throw new Error(`Route ${String(route.method)} ${route.url}: config.auth 'apiKey' is for ${INTEGRATION_PREFIX} routes, and only it`);
    }
    if (auth === 'apiKey' && !route.config?.scope) throw new Error(`Route ${String(route.method)} ${route.url} must declare config.scope`);
  });
  app.addHook('onRequest', async (request) => {
    const { auth: mode, scope, rateLimit } = request.routeOptions.config;
    // The web app's own files never spend a budget: reloading pages must not throttle a team.
    const budgeted = rateLimit !== false && isApiRequest(request.url);
    try {
      if (mode === 'apiKey') {
        const beforeLookUp = () => (budgeted ? charge(request, () => perAddress.assertOpen(request.ip)) : undefined);
        request.apiKey = await authenticateKey(request, deps.apiKeys, limiter, scope, beforeLookUp);
      } else if (mode === 'required' || (mode === 'optional' && request.headers.authorization)) {
        const beforeLookUp = (userId: string) => (budgeted ? charge(request, () => perUser.assertOpen(userId)) : undefined);
        request.user = await authenticateRequest(request, deps.db, deps.tokens, beforeLookUp);
        // The team's "last seen": at most one write per user and minute.
        await seen(request.user.id);
      }
    } catch (error) {
      // Failed authentication is paid for by the address: past its budget, 429 instead of 401.
      if (budgeted && error instanceof Unauthenticated) charge(request, () => perAddress.spend(request.ip));
      throw error;
    }
    if (!budgeted || request.apiKey) return;
    const userId = request.user?.id ?? (await signedInAs(request, deps.tokens));
    if (userId) charge(request, () => perUser.spend(userId));
    else charge(request, () => perAddress.spend(request.ip));
  });
}

/** The API key of an `apiKey` route (throws 401 if the route forgot to declare it). */
export function currentApiKey(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw new Unauthenticated(KEY_REQUIRED);
  return request.apiKey;
}

/** The signed-in user of a `required` route (throws 401 if the route forgot to require one). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthenticated();
  return request.user;
}

/**
 * Throws 403 with `message` unless `allowed`: for rules a service applies to what a request
 * changes (a role, registration). Routes declare theirs (`config.can`, decision 080).
 */
export function ensure(allowed: boolean, message: string): void {
  if (!allowed) throw new Forbidden(message);
}
