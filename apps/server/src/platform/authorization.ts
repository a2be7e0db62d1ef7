import type { MatrixAction, MatrixSubject } from '@sms/contracts/policy-matrix';
import { roleCan } from '@sms/contracts/policy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, type AuthUser } from './auth.ts';
import { Forbidden } from './errors.ts';

/** One cell of the shared policy (and of the roles page): `['update', 'Campaign']`. */
export type Permission = readonly [MatrixAction, MatrixSubject];

/** One requirement of a route: a cell (or alternatives), when it applies (a bulk action, a new phone number), and its refusal. */
export interface Requirement {
  can: Permission;
  /** Other cells any one of which will do instead (messages: read Campaign or read Inbox). */
  or?: readonly Permission[];
  /** Whether this request needs the cell (after validation; `record` is what `load` returned). Default: always. */
  when?: (request: FastifyRequest, record: unknown) => boolean;
  /** The 403 message; a function when it names what the request asked for. */
  refusal?: string | ((request: FastifyRequest) => string);
}

/**
 * What a signed-in route needs (decision 080): one cell, a list of requirements checked in order,
 * or `{ anyone }`: every signed-in user, with the reason (their own profile, preferences, notices).
 */
export type RouteCan = Permission | readonly Requirement[] | { readonly anyone: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this `required` route, checked by the one authorization hook (decision 080). */
    can?: RouteCan;
    /** The 403 message when the role lacks `can` (a single cell). */
    refusal?: string;
    /** Loads the record the route acts on before authorizing (404 before 403); the handler reads it through its loader. */
    load?: (request: FastifyRequest) => Promise<unknown>;
    /** The user the route's `:id` names may act on their own account without the cell. */
    orSelf?: boolean;
  }
}

const DEFAULT_REFUSAL = 'You do not have permission to do this.';

const isPermission = (can: RouteCan): can is Permission => Array.isArray(can) && typeof can[0] === 'string';
const isAnyone = (can: RouteCan): can is { anyone: string } => !Array.isArray(can);

/** The requirements of a declaration, each cell with its refusal (`{ anyone }` has none). */
function requirementsOf(config: { can?: RouteCan | undefined; refusal?: string | undefined }): readonly Requirement[] {
  const { can } = config;
  if (!can || isAnyone(can)) return [];
  if (isPermission(can)) return [config.refusal === undefined ? { can } : { can, refusal: config.refusal }];
  return can as readonly Requirement[];
}

/** `update Campaign`: how a cell is written in the OpenAPI document. */
const cellName = ([action, subject]: Permission): string => `${action} ${subject}`;
/** A requirement's cells as the OpenAPI document writes them: `read Campaign | read Inbox`. */
const requirementName = (requirement: Requirement): string => [requirement.can, ...(requirement.or ?? [])].map(cellName).join(' | ');

/**
 * The permission of an operation as the OpenAPI document shows it (`x-permission`), read from the
 * same declaration the hook enforces: the cells always needed, those some requests need, whether
 * one's own account is exempt, or why any signed-in user may call it.
 */
export function permissionDocument(config: {
  can?: RouteCan | undefined;
  refusal?: string | undefined;
  orSelf?: boolean | undefined;
}): Record<string, unknown> | undefined {
  const { can } = config;
  if (!can) return undefined;
  if (isAnyone(can)) return { anyone: can.anyone };
  const requirements = requirementsOf(config);
  const always = requirements.filter((r) => !r.when).map(requirementName);
  const depending = requirements.filter((r) => r.when).map(requirementName);
  return { all: always, ...(depending.length ? { depending } : {}), ...(config.orSelf ? { orSelf: true } : {}) };
}

/** The refusal of `user` for this request, or undefined when every requirement that applies is met. */
function refusalOf(user: AuthUser, request: FastifyRequest, record: unknown): string | undefined {
  const config = request.routeOptions.config;
  if (config.orSelf && (request.params as { id?: string } | undefined)?.id === user.id) return undefined;
  for (const requirement of requirementsOf(config)) {
    if (requirement.when && !requirement.when(request, record)) continue;
    if ([requirement.can, ...(requirement.or ?? [])].some(([action, subject]) => roleCan(user.role, action, subject))) continue;
    const { refusal } = requirement;
    return typeof refusal === 'function' ? refusal(request) : (refusal ?? DEFAULT_REFUSAL);
  }
  return undefined;
}

/** One operation and the cells its declaration names (alternatives and cells some requests need included). */
export interface DeclaredOperation {
  /** `PUT /api/campaigns/{id}`: as the OpenAPI document writes it. */
  operation: string;
  cells: readonly Permission[];
}

/** What the registered routes declare: read by the roles page's matrix (GET /api/roles/permissions). */
export interface RouteDeclarations {
  operations(): readonly DeclaredOperation[];
}

/**
 * The one authorization hook (decision 080). At start-up every `required` route must declare
 * `config.can`; per request, after authentication and validation, it loads the declared record
 * (404 first) and then checks the caller's role against the shared policy: one order, load then
 * authorize, and one refusal, 403 FORBIDDEN with the declaration's message. Answers the
 * declarations of the routes registered, which the roles page reads as OpenAPI does.
 */
export function registerAuthorization(app: FastifyInstance): RouteDeclarations {
  const declared: DeclaredOperation[] = [];
  app.addHook('onRoute', (route) => {
    const { auth, can } = route.config ?? {};
    const name = `Route ${String(route.method)} ${route.url}`;
    if (auth === 'required' && !can) throw new Error(`${name} must declare config.can (a policy cell, requirements, or { anyone: why })`);
    if (can && auth !== 'required') throw new Error(`${name}: config.can is for auth 'required' routes`);
    if (route.config?.load && !can) throw new Error(`${name}: config.load runs only with config.can`);
    const cells = requirementsOf(route.config ?? {}).flatMap((requirement) => [requirement.can, ...(requirement.or ?? [])]);
    if (cells.length === 0) return;
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) if (method !== 'HEAD') declared.push({ operation: `${method} ${path}`, cells });
  });
  app.addHook('preHandler', async (request) => {
    const { can, load } = request.routeOptions.config;
    if (!can) return;
    const user = currentUser(request);
    const record = load ? await load(request) : undefined;
    const refusal = refusalOf(user, request, record);
    if (refusal !== undefined) throw new Forbidden(refusal);
  });
  return { operations: () => declared };
}

/**
 * A record a route loads by a path parameter before it is authorized: `load` goes in the route's
 * config, `of(request)` gives the handler what was loaded (typed, without a second query).
 */
export function recordLoader<T>(find: (id: string, request: FastifyRequest) => Promise<T>, param = 'id') {
  const loaded = new WeakMap<FastifyRequest, T>();
  return {
    load: async (request: FastifyRequest): Promise<T> => {
      const record = await find((request.params as Record<string, string>)[param] ?? '', request);
      loaded.set(request, record);
      return record;
    },
    of: (request: FastifyRequest): T => {
      if (!loaded.has(request)) throw new Error('recordLoader.of: the route does not declare this loader as config.load');
      return loaded.get(request) as T;
    },
  };
}
