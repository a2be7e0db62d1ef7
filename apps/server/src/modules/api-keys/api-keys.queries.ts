import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.ts';

/** An api_keys row (the secret's hash never leaves this module). */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  expires_at: Date | string | null;
  allowed_cidrs: string[];
  rate_limit: number;
  last_used_at: Date | string | null;
  last_used_ip: string | null;
  revoked_at: Date | string | null;
  previous_expires_at: Date | string | null;
  created_at: Date | string;
}

const COLUMNS = sql`id, name, prefix, scopes, expires_at, allowed_cidrs, rate_limit, last_used_at, last_used_ip, revoked_at, previous_expires_at, created_at`;

/** Every key, newest first (revoked ones too: their last use stays readable). */
export async function listApiKeys(db: Executor): Promise<ApiKeyRow[]> {
  return queryRows<ApiKeyRow>(db, sql`select ${COLUMNS} from api_keys order by created_at desc, id desc`);
}

/** One key by id. */
export async function findApiKey(db: Executor, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await queryRows<ApiKeyRow>(db, sql`select ${COLUMNS} from api_keys where id = ${id}`);
  return row;
}

/** A key found by a secret: whether that secret is the one a rotation replaced, and whether it is usable now (database clock). */
export type FoundApiKey = ApiKeyRow & { expired: boolean; previous: boolean; retired: boolean };

/**
 * The key whose current secret, or whose secret replaced by a rotation, hashes to `secretHash`.
 * `retired`: the replaced secret's overlap has ended.
 */
export async function findApiKeyByHash(db: Executor, secretHash: string): Promise<FoundApiKey | undefined> {
  const [row] = await queryRows<FoundApiKey>(
    db,
    sql`select ${COLUMNS}, (expires_at is not null and expires_at <= now()) as expired,
               secret_hash <> ${secretHash} as previous,
               (secret_hash <> ${secretHash} and previous_expires_at <= now()) as retired
        from api_keys where secret_hash = ${secretHash} or previous_secret_hash = ${secretHash}
        limit 1`,
  );
  return row;
}

/**
 * Replaces a live key's secret; the one replaced keeps working until now() + `overlapHours`
 * (a secret replaced before that is dropped). Answers the row, undefined when unknown or revoked.
 */
export async function rotateApiKeySecret(
  db: Executor,
  id: string,
  values: { prefix: string; secretHash: string; overlapHours: number },
): Promise<ApiKeyRow | undefined> {
  const [row] = await queryRows<ApiKeyRow>(
    db,
    sql`update api_keys set previous_secret_hash = secret_hash,
               previous_expires_at = now() + make_interval(secs => ${values.overlapHours * 3600}::double precision),
               secret_hash = ${values.secretHash}, prefix = ${values.prefix}
        where id = ${id} and revoked_at is null returning ${COLUMNS}`,
  );
  return row;
}

/** Inserts a key; answers its row. */
export async function insertApiKey(
  db: Executor,
  values: {
    name: string;
    prefix: string;
    secretHash: string;
    scopes: string[];
    expiresAt: string | null;
    allowedCidrs: string[];
    rateLimit: number;
    createdBy: string;
  },
): Promise<ApiKeyRow> {
  const [row] = await queryRows<ApiKeyRow>(
    db,
    sql`insert into api_keys (name, prefix, secret_hash, scopes, expires_at, allowed_cidrs, rate_limit, created_by)
        values (${values.name}, ${values.prefix}, ${values.secretHash}, ${sql.param(values.scopes)}::text[], ${values.expiresAt},
                ${sql.param(values.allowedCidrs)}::text[], ${values.rateLimit}, ${values.createdBy})
        returning ${COLUMNS}`,
  );
  if (!row) throw new Error('insert into api_keys returned no row');
  return row;
}

/** Revokes a key at once (kept for its history); answers the row, undefined when unknown. */
export async function revokeApiKey(db: Executor, id: string): Promise<ApiKeyRow | undefined> {
  const [row] = await queryRows<ApiKeyRow>(
    db,
    sql`update api_keys set revoked_at = coalesce(revoked_at, now()) where id = ${id} returning ${COLUMNS}`,
  );
  return row;
}

/**
 * Records the last uses of several keys (time and address) in one statement; a use older than
 * the one stored (written by another process meanwhile) leaves it.
 */
export async function recordApiKeyUses(db: Executor, uses: Array<{ id: string; at: Date; ip: string }>): Promise<void> {
  if (uses.length === 0) return;
  await db.execute(sql`update api_keys as k set last_used_at = u.at, last_used_ip = u.ip
    from unnest(${sql.param(uses.map((use) => use.id))}::uuid[], ${sql.param(uses.map((use) => use.at.toISOString()))}::timestamptz[],
                ${sql.param(uses.map((use) => use.ip))}::text[]) as u(id, at, ip)
    where k.id = u.id and (k.last_used_at is null or k.last_used_at < u.at)`);
}

/** Renames a key, changes its rate limit or its scopes; answers the row with its scopes before, undefined when unknown. */
export async function updateApiKeyRow(
  db: Executor,
  id: string,
  patch: { name?: string | undefined; rateLimit?: number | undefined; scopes?: string[] | undefined },
): Promise<(ApiKeyRow & { scopes_before: string[] }) | undefined> {
  const scopes = patch.scopes === undefined ? null : sql`${sql.param(patch.scopes)}::text[]`;
  const [row] = await queryRows<ApiKeyRow & { scopes_before: string[] }>(
    db,
    sql`update api_keys k set name = coalesce(${patch.name ?? null}, k.name), rate_limit = coalesce(${patch.rateLimit ?? null}::int, k.rate_limit),
               scopes = coalesce(${scopes}, k.scopes)
        from (select id, scopes from api_keys where id = ${id}) before
        where k.id = before.id
        returning k.id, k.name, k.prefix, k.scopes, k.expires_at, k.allowed_cidrs, k.rate_limit, k.last_used_at, k.last_used_ip,
                  k.revoked_at, k.previous_expires_at, k.created_at, before.scopes as scopes_before`,
  );
  return row;
}
